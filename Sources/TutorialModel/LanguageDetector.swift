import DocFXDialect
import Foundation
import StepwiseDiagnostics

/// Detects the language of a code sample from its text, a file name or a fence's info string.
///
/// Everything it knows about languages is data (`Resources/languages.json`): each language's id,
/// label, the info strings that name it (`azurecli-interactive`, `nodejs`, `ps1`, …), its file
/// extensions, and the weighted signals that identify untagged code. A sample whose signals are
/// too weak is not guessed: it has no language ("text").
enum LanguageDetector {
    /// One language of the table.
    struct Language: Decodable, Sendable {
        struct Signal: Decodable, Sendable {
            var weight: Int
            var pattern: String
        }

        var id: String
        var label: String
        var aliases: [String]
        var extensions: [String]
        var signals: [Signal]
    }

    private struct Table: Decodable {
        var languages: [Language]
    }

    /// The bundled table, in file order (ties between equal scores go to the earlier language).
    static let languages: [Language] = {
        guard let url = Bundle.module.url(forResource: "languages", withExtension: "json"),
            let data = try? Data(contentsOf: url),
            let table = try? JSONDecoder().decode(Table.self, from: data)
        else { return [] }
        return table.languages
    }()

    /// Info-string names → language id.
    static let aliases: [String: String] = Dictionary(
        languages.flatMap { language in ([language.id] + language.aliases).map { ($0, language.id) } },
        uniquingKeysWith: { first, _ in first })

    /// File extensions → language id.
    static let extensions: [String: String] = Dictionary(
        languages.flatMap { language in language.extensions.map { ($0, language.id) } },
        uniquingKeysWith: { first, _ in first })

    /// Language id → label shown to readers.
    static let labels: [String: String] = Dictionary(languages.map { ($0.id, $0.label) }, uniquingKeysWith: { first, _ in first })

    /// A signal: its language, weight and pattern, and the literals every match holds — as written
    /// (`requirements`), and in any ASCII case (`foldedRequirements`, of a pattern opening with `(?i)`).
    typealias Rule = (language: String, order: Int, weight: Int, pattern: NSRegularExpression, requirements: [[String]], foldedRequirements: [[String]])

    /// ICU regular expressions (NSRegularExpression): several times faster than Swift's `Regex`
    /// for a hundred patterns over every untagged sample. A pattern that does not compile is skipped.
    static let rules: [Rule] = languages.enumerated().flatMap { order, language in
        language.signals.compactMap { signal -> Rule? in
            guard let regex = try? NSRegularExpression(pattern: signal.pattern) else { return nil }
            return (language.id, order, signal.weight, regex, RequiredLiteral.requirements(in: signal.pattern),
                    RequiredLiteral.caseInsensitiveRequirements(in: signal.pattern))
        }
    }

    /// The smallest score that names a language: one strong signal or two weak ones.
    static let minimumScore = 2

    /// The language id an info string names: its first word, lower-cased, looked up in the
    /// table (also without a DocFX `-interactive` suffix); an unknown name is kept as written.
    static func language(info: String) -> String? {
        guard let word = info.split(whereSeparator: { $0 == " " || $0 == "{" || $0 == "\t" }).first?.lowercased(), !word.isEmpty else {
            return nil
        }
        if let id = aliases[word] { return id }
        if word.hasSuffix("-interactive"), let id = aliases[String(word.dropLast("-interactive".count))] { return id }
        // `cmd/sh`, `bash/zsh`: a command for several shells is written in the first one named.
        if word.contains("/"), let id = word.split(separator: "/").lazy.compactMap({ aliases[String($0)] }).first { return id }
        return word
    }

    /// The language of `code`, preferring the fence info, then the target file's extension.
    static func detect(code: String, info: String?, file: String?) -> String? {
        if let info, let language = language(info: info) { return language }
        if let file, let ext = file.split(separator: ".").last.map({ $0.lowercased() }), file.contains("."), let language = extensions[ext] {
            return language
        }
        return detect(code: code)
    }

    /// How many characters from the start of a sample are searched for language signals.
    static let signalWindow = 1_500

    /// The language whose signals weigh most in `code`, or `nil` when none reaches `minimumScore`.
    static func detect(code: String) -> String? {
        let trimmed = code.trimmingSpaces
        if let structured = structuredLanguage(trimmed) { return structured }
        // The opening of a sample shows its language; scanning all of a long sample only costs time.
        let opening = String(trimmed.prefix(Self.signalWindow))
        if let known = signalCache.language(of: opening) { return known }
        let language = signalLanguage(of: opening)
        signalCache.remember(language, for: opening)
        return language
    }

    /// The signals' verdict on a sample's opening, kept: the same code comes back in every locale
    /// of a repository and in every document that includes it, and a hundred patterns run on it.
    private static let signalCache = SignalCache()

    private final class SignalCache: @unchecked Sendable {
        /// Keyed by bytes: `String` equality is canonical equivalence, and the patterns may read a
        /// precomposed `é` and its decomposed spelling differently.
        private struct Opening: Hashable {
            var text: String

            static func == (lhs: Opening, rhs: Opening) -> Bool {
                lhs.text.utf8.elementsEqual(rhs.text.utf8)
            }

            func hash(into hasher: inout Hasher) {
                var text = text
                text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            }
        }

        private var languages: [Opening: String?] = [:]
        private let lock = NSLock()
        /// Openings kept at most: enough for a large repository's distinct samples, bounded for a
        /// long-running server.
        private let capacity = 100_000

        func language(of opening: String) -> String?? {
            lock.withLock { languages[Opening(text: opening)] }
        }

        func remember(_ language: String?, for opening: String) {
            lock.withLock {
                if languages.count >= capacity { languages.removeAll(keepingCapacity: true) }
                languages[Opening(text: opening)] = language
            }
        }
    }

    /// Every literal some rule requires (`RequiredLiteral.requirements`), each once: looked for in a
    /// sample's opening in one pass, not one search per literal of each rule (a fifth of the signals'
    /// time went to those searches). The same for the literals required in any case (looked for in
    /// the opening lower-cased).
    static let requiredLiterals = RuleLiterals(rules.map(\.requirements))
    static let foldedLiterals = RuleLiterals(rules.map(\.foldedRequirements))

    /// The literals of every rule's requirements in one set, and each requirement's literals by
    /// their index in the set.
    struct RuleLiterals {
        var set: LiteralSet
        /// For each rule, each of its lists as indices into `set`.
        var indices: [[[Int]]]

        init(_ requirements: [[[String]]]) {
            var literals: [String] = [], index: [String: Int] = [:]
            indices = requirements.map { lists in
                lists.map { alternatives in
                    alternatives.map { literal in
                        if let known = index[literal] { return known }
                        index[literal] = literals.count
                        literals.append(literal)
                        return literals.count - 1
                    }
                }
            }
            set = LiteralSet(literals)
        }

        /// Whether each rule's lists hold, given which literals are `present`.
        func holds(_ present: [Bool]) -> [Bool] {
            indices.map { lists in lists.allSatisfy { alternatives in alternatives.contains { present[$0] } } }
        }
    }

    /// Whether each rule (by its index in `rules`) may match `opening`: whether the opening holds one
    /// literal of each of the rule's lists, as `RequiredLiteral.holds` answers, and of each list of
    /// literals in any case, as `RequiredLiteral.holdsIgnoringCase` answers (held by any opening past
    /// ASCII).
    static func mayMatch(_ opening: String) -> [Bool] {
        let exact = requiredLiterals.holds(requiredLiterals.set.contained(in: opening))
        guard opening.isAllASCII else { return exact }
        let folded = foldedLiterals.holds(foldedLiterals.set.contained(in: opening.asciiLowercased()))
        return zip(exact, folded).map { $0 && $1 }
    }

    /// The rules of each language, in the table's order.
    static let ruleGroups: [ArraySlice<Rule>] = {
        var groups: [ArraySlice<Rule>] = []
        var start = rules.startIndex
        while start < rules.endIndex {
            let end = rules[start...].firstIndex { $0.order != rules[start].order } ?? rules.endIndex
            groups.append(rules[start..<end])
            start = end
        }
        return groups
    }()

    /// The language whose signals weigh most in `opening` (of equal scores, the earlier in the table),
    /// or `nil` when none reaches `minimumScore`.
    ///
    /// Languages are scored in the table's order. A pattern runs only on an opening that holds the text
    /// all its matches contain; and a language's patterns run only when the weights of those that may
    /// match add up to more than the best score so far (a later language must beat it, not tie it)
    /// and reach `minimumScore`: no pattern that could change the verdict is skipped.
    static func signalLanguage(of opening: String) -> String? {
        let range = NSRange(location: 0, length: opening.utf16.count)
        let may = mayMatch(opening)
        var best: (language: String, score: Int)?
        for group in ruleGroups {
            let possible = zip(group.indices, group).filter { may[$0.0] }.map(\.1)
            let bound = possible.reduce(0) { $0 + $1.weight }
            guard bound >= minimumScore, bound > best?.score ?? 0 else { continue }
            let score = possible.reduce(0) { score, rule in
                score + (rule.pattern.firstMatch(in: opening, options: [], range: range) != nil ? rule.weight : 0)
            }
            if score > best?.score ?? 0 { best = (group[group.startIndex].language, score) }
        }
        return best.flatMap { $0.score >= minimumScore ? $0.language : nil }
    }

    /// JSON, HTML and XML, recognised by their shape.
    private static func structuredLanguage(_ text: String) -> String? {
        if (text.hasPrefix("{") && text.hasSuffix("}")) || (text.hasPrefix("[") && text.hasSuffix("]")),
            text.contains(jsonKeyRegex), !text.contains(";")
        {
            return "json"
        }
        // A JSON member or members to add to a document (`"name": [ … ],`).
        if text.prefixMatch(of: jsonKeyRegex) != nil, !text.contains(";"), text.last.map({ "}],\"0123456789el".contains($0) }) == true {
            return "json"
        }
        // A page or page fragment: markup from its first tag to its last, with HTML's own elements
        // (its scripts and styles may hold semicolons).
        if text.hasPrefix("<"), text.hasSuffix(">"), !text.hasPrefix("<?php"), text.contains("</") || text.contains("/>"),
            text.contains(htmlElementRegex)
        {
            return "html"
        }
        if text.hasPrefix("<"), !text.hasPrefix("<?php"), text.contains("</") || text.contains("/>"), !text.contains(";") || text.hasPrefix("<?xml") {
            return "xml"
        }
        return nil
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let jsonKeyRegex = /"[^"]*"\s*:/
nonisolated(unsafe) private let htmlElementRegex = /(?i)<(!doctype\s+html|html|head|body|script|div|span|table|meta|style|form|iframe)[\s>\/]/

/// What readers are shown about a code sample's language.
public enum CodeLanguage {
    /// The label of a language id (`azurecli` → "Azure CLI"); an unknown id as it is.
    public static func label(of id: String) -> String {
        LanguageDetector.labels[id] ?? id
    }
}
