import CommonMark
import DocFXDialect
import StepwiseDiagnostics

extension FragmentExtractor {
    /// Alerts anywhere in `blocks` (including inside list items), in document order.
    func alerts(in blocks: [MarkdownNode]) -> [Alert] {
        var collector = AlertCollector(origin: origin, prose: { prose(in: $0, excluding: []) })
        blocks.forEach { collector.walk($0) }
        return collector.alerts
    }

    /// The alerts of notes that broken indentation pulled into code blocks (`lines`: runs of
    /// `> …` lines), read as cmark reads a quote, on their own lines of the file.
    func strayAlerts(_ runs: [ClosedRange<Int>]) -> [Alert] {
        runs.flatMap { run -> [Alert] in
            let quote = run.map { document.normalized.normalizedLine($0).drop { $0 == " " || $0 == "\t" } }.joined(separator: "\n")
            // Blank lines before the quote keep its nodes on the lines they have in the file.
            guard let tree = try? CommonMarkParser().parse(String(repeating: "\n", count: run.lowerBound - 1) + quote) else { return [] }
            return alerts(in: tree.children)
        }
    }

    /// Moves each alert into the step whose lines hold it.
    func distributeAlerts(_ section: inout Section) {
        var remaining: [Alert] = []
        for alert in section.alerts {
            if let position = section.steps.firstIndex(where: { $0.holds(alert.line) }) {
                section.steps[position].alerts.append(alert)
            } else {
                remaining.append(alert)
            }
        }
        section.alerts = remaining
    }

    /// Platform selectors among the top-level blocks.
    func selectors(in blocks: [MarkdownNode]) -> [PlatformSelector] {
        blocks.enumerated().compactMap { offset, block in
            guard let line = block.range?.start.line else { return nil }
            switch block.kind {
            case .blockQuote:
                return AlertReader.selector(from: block, next: blocks.indices.contains(offset + 1) ? blocks[offset + 1] : nil, origin: origin(line))
            case .htmlBlock:
                return AlertReader.selector(fromHTML: block.literal, origin: origin(line))
            default:
                return nil
            }
        }
    }

    /// Every image of this file (reference, inline, DocFX) with what its reference resolves to here
    /// and where a reader sees it: in prose, as a figure, or not at all (inside code).
    func images() -> [ImageReferenceInfo] {
        var definitions: [String: String] = [:]
        for definition in document.normalized.definitions where definitions[definition.label.lowercased()] == nil {
            definitions[definition.label.lowercased()] = definition.destination
        }
        return document.normalized.imageReferences.map { reference in
            var image = ImageReferenceInfo(
                label: reference.label, alt: reference.alt,
                destination: reference.destination ?? definitions[reference.label.lowercased()], origin: origin(reference.line))
            image.column = reference.column
            image.syntax = reference.syntax.rawValue
            image.title = reference.title
            image.placement = placement(ofLine: reference.line)
            return image
        }
    }

    /// Prose unless the line is in a code block: a block of images only is a figure, any other is code.
    private func placement(ofLine line: Int) -> ImageReferenceInfo.Placement {
        guard let leaf = index.leaf(atLine: line), leaf.isCodeBlock else { return .inline }
        let media = (leaf.firstLine...leaf.lastLine).allSatisfy { number in
            let text = document.normalized.normalizedLine(number).trimmingSpaces
            return text.isEmpty || text.wholeMatch(of: mediaOnlyLineRegex) != nil
        }
        return media ? .figure : .code
    }
}

/// Tells a procedure (steps) from a numbered list that only enumerates things, in the language of
/// the document (the words it reads are data: `step-vocabulary.json`).
struct ProcedureRule: Sendable {
    /// Lower-cased words an item of a list of things opens with; a word ending in an apostrophe
    /// (`l'`) is a prefix.
    private let openers: Set<String>
    private let elidedOpeners: [String]
    /// Lower-cased phrases that open with an article but not a thing ("une fois").
    private let exceptions: [String]
    /// How many characters of an item the phrases above read: the item's opening that is lower-cased.
    private let openingLength: Int
    private let alternatives: FastRegex?
    private let countWords: [String]
    private let requirements: FastRegex?

    init(language: String?, vocabulary: StepVocabulary = .bundled) {
        let words = language.flatMap { vocabulary.descriptiveOpeners[$0] } ?? []
        openers = Set(words.filter { !$0.hasSuffix("'") && !$0.hasSuffix("’") })
        elidedOpeners = words.filter { $0.hasSuffix("'") || $0.hasSuffix("’") }
        exceptions = (language.flatMap { vocabulary.descriptiveExceptions[$0] } ?? []).map { $0.lowercased() }
        openingLength = (exceptions + elidedOpeners).map(\.count).max().map { $0 + 1 } ?? 0
        let announced = language.flatMap { vocabulary.alternativesLeadIns[$0] }
        countWords = announced?.counts ?? []
        alternatives = announced.map { words in
            let pattern = "(?:^|[.!?:]\\s+)(?:" + words.existentials.joined(separator: "|") + ")\\s+(?:\\S+\\s+)?(?<count>"
                + (words.counts + ["\\d+"]).joined(separator: "|") + ")\\s+(?!(?:\\S+\\s+)?(?:" + words.stepWords.joined(separator: "|") + ")\\b)"
            return FastRegex(pattern, caseInsensitive: true)
        }
        requirements = language.flatMap { vocabulary.requirementsLeadIns[$0] }
            .map { FastRegex("(?:" + $0 + ")[^.!?:]*:$", caseInsensitive: true) }
    }

    /// The rule for each language of the bundled vocabulary, built once.
    private static let byLanguage: [String: ProcedureRule] = {
        let vocabulary = StepVocabulary.bundled
        let languages = Set(vocabulary.descriptiveOpeners.keys).union(vocabulary.alternativesLeadIns.keys)
            .union(vocabulary.requirementsLeadIns.keys)
        return Dictionary(uniqueKeysWithValues: languages.map { ($0, ProcedureRule(language: $0, vocabulary: vocabulary)) })
    }()

    /// The rule for a locale (`fr-fr` reads French); a language the vocabulary lacks gets only the
    /// rules that need no words.
    static func forLocale(_ locale: String?) -> ProcedureRule {
        let language = locale.map { String($0.prefix { $0 != "-" && $0 != "_" }).lowercased() }
        return language.flatMap { byLanguage[$0] } ?? ProcedureRule(language: nil)
    }

    /// A numbered list is a procedure unless it
    /// - defines terms: every item starts with a bold or emphasized term and a colon
    ///   ("1. **Authenticating Clients**: …");
    /// - lists things or describes a flow: most of its items (two or more) open with an article
    ///   ("1. A valid Azure subscription", "1. The device sends …");
    /// - lists the alternatives the sentence before it announces, as many as it says ("There are
    ///   three mechanisms …" and three items);
    /// - lists prerequisites: the sentence before it ends in a colon and says what the reader needs
    ///   ("you need the following:"), and a third of its items open with an article.
    /// `previous` is the block before the list among its siblings.
    func isProcedure(_ list: MarkdownNode, after previous: MarkdownNode?) -> Bool {
        let items = list.children.filter { $0.kind == .item }
        guard !items.isEmpty else { return false }
        if items.allSatisfy(Self.isTermDefinition) { return false }
        let texts = items.map { item in
            item.children.first.flatMap { $0.kind == .paragraph ? $0.plainText : nil } ?? ""
        }
        return isProcedure(itemTexts: texts, after: previous)
    }

    /// The rules that read the items' text (an HTML list's too): things, alternatives, prerequisites.
    func isProcedure(itemTexts texts: [String], after previous: MarkdownNode?) -> Bool {
        let descriptive = texts.filter(isDescriptive).count
        if texts.count >= 2, descriptive * 2 > texts.count { return false }
        guard let previous, previous.kind == .paragraph else { return true }
        let leadIn = previous.plainText.trimmingSpaces
        if announcedCount(in: leadIn) == texts.count { return false }
        if descriptive > 0, descriptive * 3 >= texts.count, let requirements, requirements.matches(leadIn) { return false }
        return true
    }

    /// The number of alternatives a sentence of `text` announces, if it announces some.
    private func announcedCount(in text: String) -> Int? {
        guard let alternatives, let match = alternatives.firstMatch(in: text), let count = match.last ?? nil else { return nil }
        if let number = Int(count) { return number }
        return countWords.firstIndex { $0.caseInsensitiveCompare(count) == .orderedSame }.map { $0 + 2 }
    }

    /// An item's text opening with an article (not one opening a circumstance).
    private func isDescriptive(_ text: String) -> Bool {
        guard !openers.isEmpty || !elidedOpeners.isEmpty else { return false }
        // Only the opening is read: its first word, and past the longest phrase (with the character after it).
        let text = Self.opening(of: Substring(text.trimmingSpaces), length: openingLength)
        if exceptions.contains(where: { text.hasPrefix($0) && !(text.dropFirst($0.count).first?.isLetter ?? false) }) { return false }
        if elidedOpeners.contains(where: { text.hasPrefix($0) }) { return true }
        let word = text.prefix { !$0.isWhitespace }
        return openers.contains(String(word))
    }

    /// The opening of `text`, lower-cased: its first `length` + 1 characters and the rest of the word
    /// they end in. Read by bytes where they are ASCII without a carriage return (each byte one
    /// character, and white space as `Character.isWhitespace` says); otherwise by characters.
    static func opening(of text: Substring, length: Int) -> String {
        let bytes = text.utf8
        var end = bytes.startIndex, count = 0
        while end < bytes.endIndex {
            let byte = bytes[end]
            // Past ASCII a byte may join the character before it; `\r\n` is one character.
            guard byte < 0x80, byte != UInt8(ascii: "\r") else { return openingByCharacters(of: text, length: length) }
            // A character that starts with white space is white space, a mark after it or not
            // (`isWhitespace` reads its first scalar): it ends the opening where its byte is.
            if count > length, byte.isASCIIWhitespace { break }
            end = bytes.index(after: end)
            count += 1
        }
        return String(decoding: bytes[..<end].map(\.asciiLowercased), as: UTF8.self)
    }

    /// `opening(of:length:)` read by characters: the reference the bytes are tested against.
    static func openingByCharacters(of text: Substring, length: Int) -> String {
        var end = text.startIndex
        var count = 0
        while end < text.endIndex, count <= length || !text[end].isWhitespace {
            end = text.index(after: end)
            count += 1
        }
        return text[..<end].fastLowercased()
    }

    private static func isTermDefinition(_ item: MarkdownNode) -> Bool {
        guard let paragraph = item.children.first, paragraph.kind == .paragraph,
            let first = paragraph.children.first, first.kind == .strong || first.kind == .emphasis
        else { return false }
        let term = first.plainText.trimmingSpaces
        // French typography puts a space (often a no-break space) before the colon: "**Terme** : …".
        let after = (paragraph.children.dropFirst().first?.plainText ?? "").drop { $0.isWhitespace }
        return term.hasSuffix(":") || after.hasPrefix(":")
    }
}

/// URL-safe identifiers from titles.
enum Slug {
    static func make(_ text: String) -> String {
        var slug = ""
        var pendingDash = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                slug.append(character)
                pendingDash = false
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "section" : slug
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let mediaOnlyLineRegex = /!\[[^\]]*\](\[[^\]]*\]|\([^)]*\))/
