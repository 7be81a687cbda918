import Foundation
import StepwiseDiagnostics
public import TutorialModel

/// What the search index keeps of one page: its place and title, and for each section its id (as
/// `PageAnchors` gives it), heading, the start of its text and its terms — never the page's HTML.
public struct SearchDocument: Hashable, Sendable {
    /// The page, relative to the site root.
    public var page: String
    public var title: String
    public var sections: [Section]

    public struct Section: Hashable, Sendable {
        public var id: String
        public var heading: String
        public var snippet: String
        /// Each term once, sorted.
        public var terms: [String]

        public init(id: String, heading: String, snippet: String, terms: [String]) {
            self.id = id
            self.heading = heading
            self.snippet = snippet
            self.terms = terms
        }
    }

    /// Characters of a section's text shown under a result.
    static let snippetLength = 60

    /// The search document of `tutorial`'s page at `page`, its words read from the model: headings,
    /// prose, steps, alerts and tables (not code samples). `sectionIDs` are the ids the page gives its
    /// sections (`PageAnchors`: a translation's aligned sections have their source's); when they do not
    /// match the sections one for one, each section's own id.
    public init(tutorial: Tutorial, page: String, tokenizer: SearchTokenizer, sectionIDs: [String]? = nil) {
        self.page = page
        title = tutorial.title
        let ids = sectionIDs.flatMap { $0.count == tutorial.sections.count ? $0 : nil } ?? PageAnchors(tutorial).sectionIDs
        sections = zip(tutorial.sections, ids).map { section, id in
            let body = Self.text(of: section)
            let terms = tokenizer.distinctTerms(section.title + " " + body)
            return Section(id: id, heading: section.title, snippet: Self.snippet(body), terms: terms)
        }
    }

    /// The section's visible text but its heading, in document order within each kind of block.
    static func text(of section: TutorialModel.Section) -> String {
        var parts = section.paragraphs.map(text(of:))
        parts += section.alerts.map(text(of:))
        for step in section.steps {
            parts.append(step.text)
            parts += step.details.map(text(of:)) + step.alerts.map(text(of:))
        }
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }

    static func text(of alert: Alert) -> String {
        alert.blocks.isEmpty ? alert.text : alert.blocks.map(text(of:)).joined(separator: " ")
    }

    static func text(of paragraph: Paragraph) -> String {
        if let html = paragraph.html, paragraph.inlines.isEmpty { return stripTags(html) }
        return paragraph.inlines.map(text(of:)).joined()
    }

    static func text(of span: InlineSpan) -> String {
        switch span.kind {
        case .html: ""
        case .link: span.children.map { $0.map(text(of:)).joined() } ?? span.text
        default: span.text
        }
    }

    /// Raw HTML's text: tags dropped, the commonest entities read.
    static func stripTags(_ html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false; text.append(" ") } else if !inTag { text.append(character) }
        }
        for (entity, character) in [("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingEvery(entity, with: character)
        }
        return text
    }

    /// The first `snippetLength` characters of `text`, spaces collapsed, cut at a word with `…`.
    /// Reads the words one at a time: a section's text is long, its snippet a few words.
    static func snippet(_ text: String) -> String {
        latinSnippet(text) ?? characterSnippet(text)
    }

    /// `snippet(text)` read scalar by scalar while every scalar it reads is below U+0300 (ASCII and the
    /// precomposed Latin letters: nearly every section's start), where each scalar is a character of
    /// its own — but CR LF, both white space — so counting scalars counts characters; nil when it
    /// meets another scalar (a combining mark, another script), which `characterSnippet` then reads.
    static func latinSnippet(_ text: String) -> String? {
        let scalars = text.unicodeScalars
        var snippet = "", count = 0
        var index = scalars.startIndex
        while true {
            while index < scalars.endIndex, isLatinWhitespace(scalars[index]) {
                guard scalars[index].value < 0x300 else { return nil }
                scalars.formIndex(after: &index)
            }
            guard index < scalars.endIndex else { return snippet }
            let start = index
            var length = 0
            while index < scalars.endIndex, !isLatinWhitespace(scalars[index]) {
                guard scalars[index].value < 0x300 else { return nil }
                length += 1
                scalars.formIndex(after: &index)
            }
            let word = text[start..<index]
            if count + length + 1 > snippetLength { return snippet.isEmpty ? String(word.prefix(snippetLength)) + "…" : snippet + " …" }
            count += snippet.isEmpty ? length : length + 1
            snippet += snippet.isEmpty ? String(word) : " " + word
        }
    }

    /// Whether `scalar` is white space (`Unicode.Scalar.Properties.isWhitespace`), for a scalar below
    /// U+0300 without looking the property up: tab to carriage return, space, next line and no-break
    /// space are the only ones there.
    static func isLatinWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0: true
        case ..<0x300: false
        default: scalar.properties.isWhitespace
        }
    }

    /// `snippet(text)` read character by character.
    static func characterSnippet(_ text: String) -> String {
        var snippet = ""
        var rest = text[...]
        while let start = rest.firstIndex(where: { !$0.isWhitespace }) {
            let end = rest[start...].firstIndex(where: \.isWhitespace) ?? rest.endIndex
            let word = rest[start..<end]
            if snippet.count + word.count + 1 > snippetLength { return snippet.isEmpty ? String(word.prefix(snippetLength)) + "…" : snippet + " …" }
            snippet += snippet.isEmpty ? String(word) : " " + word
            rest = rest[end...]
        }
        return snippet
    }
}

extension SearchDocument {
    /// A hash of everything the index takes from the page: a locale's index whose pages all have the
    /// fingerprints of an earlier build's is that build's index.
    public var fingerprint: String {
        var bytes: [UInt8] = []
        func add(_ text: String) {
            bytes += text.utf8
            bytes.append(0)
        }
        add(page)
        add(title)
        for section in sections {
            bytes.append(1)
            add(section.id)
            add(section.heading)
            add(section.snippet)
            for term in section.terms { add(term) }
        }
        return ContentHash.hex(bytes)
    }
}

/// Stored in the build cache with its page, compactly: a section is one array of strings — id,
/// heading, snippet, then its terms joined by spaces (a term never holds white space) — so a warm
/// build reads the search documents of thousands of kept pages quickly.
extension SearchDocument: Codable {
    private enum CodingKeys: String, CodingKey { case page, title, sections }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        page = try container.decode(String.self, forKey: .page)
        title = try container.decode(String.self, forKey: .title)
        sections = try container.decode([[String]].self, forKey: .sections).map { fields in
            guard fields.count == 4 else {
                throw DecodingError.dataCorruptedError(forKey: .sections, in: container, debugDescription: "a section is [id, heading, snippet, terms]")
            }
            // Split at the space bytes (a term holds none): splitting the characters is far slower.
            return Section(id: fields[0], heading: fields[1], snippet: fields[2], terms: fields[3].utf8.split(separator: 0x20).map { String(Substring($0)) })
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(page, forKey: .page)
        try container.encode(title, forKey: .title)
        try container.encode(sections.map { [$0.id, $0.heading, $0.snippet, Self.spaced($0.terms)] }, forKey: .sections)
    }

    /// `terms.joined(separator: " ")`, its bytes counted first and copied once into one string.
    static func spaced(_ terms: [String]) -> String {
        terms.concatenated(separator: 0x20)
    }
}
