/// A code reference: DocFX's `[!code-<lang>[name](path?range=…#L1-L5 "title")]` or the newer
/// `:::code language="csharp" source="path" range="3-5" id="snippet" highlight="2":::`, pulling code
/// from a file of the repository into the page.
public struct CodeReference: Hashable, Sendable, Codable {
    /// `!code` for the link form, `:::code` for the block form.
    public var syntax: String
    /// The language as written (`csharp`, `azurecli-interactive`, …); empty when none is given.
    public var language: String
    /// The bracket name of the link form (`main`), or the title.
    public var name: String
    /// The path as written, with its query and fragment (`../code/app.cs?range=3-5#L1`).
    public var path: String
    /// What part of the file to show and which lines to mark.
    public var query: CodeReferenceQuery
    public var line: Int
    public var column: Int

    public init(syntax: String, language: String, name: String, path: String, query: CodeReferenceQuery, line: Int, column: Int) {
        self.syntax = syntax
        self.language = language
        self.name = name
        self.path = path
        self.query = query
        self.line = line
        self.column = column
    }
}

extension CodeReference {
    /// A code reference on `line` with where its text starts and ends (UTF-8 offsets), so the
    /// normalizer can take it out of the text cmark reads.
    public struct Match: Sendable {
        public var reference: CodeReference
        public var start: Int
        public var end: Int
    }

    /// The code references on a line: a link form anywhere on it (after leading spaces and `>`, or
    /// run into a sentence by a translation; its path may hold spaces), or a `:::code` block form
    /// starting it.
    public static func scan(_ line: String, number: Int) -> [Match] {
        // Both forms need `code` (as written here) and their own opening: `[!code-…` or `:::`.
        guard line.contains("code"), line.contains("[!") || line.contains(":::") else { return [] }
        if let match = line.wholeMatch(of: blockFormRegex) {
            let lead = match.output.lead.utf8.count
            guard let reference = blockForm(String(match.output.attributes), line: number, column: lead + 1) else { return [] }
            return [Match(reference: reference, start: lead, end: line.utf8.count)]
        }
        return line.matches(of: linkFormRegex).map { match in
            let start = line.utf8.distance(from: line.startIndex, to: match.range.lowerBound)
            let written = String(match.output.path)
            return Match(
                reference: CodeReference(
                    syntax: "!code", language: String(match.output.language).lowercased(), name: String(match.output.name),
                    path: written, query: CodeReferenceQuery(linkPath: written), line: number, column: start + 1),
                start: start, end: line.utf8.distance(from: line.startIndex, to: match.range.upperBound))
        }
    }

    /// The block form's reference from its attributes; nil without a `source`.
    static func blockForm(_ text: String, line: Int, column: Int) -> CodeReference? {
        var attributes: [String: String] = [:]
        for match in text.matches(of: attributeRegex) {
            attributes[match.output.key.lowercased()] = String(match.output.value)
        }
        guard let source = attributes["source"], !source.isEmpty else { return nil }
        var query = CodeReferenceQuery(linkPath: source)
        if let range = attributes["range"] { query.ranges = CodeReferenceQuery.lineRanges(range) }
        if let id = attributes["id"], !id.isEmpty { query.region = id }
        if let highlight = attributes["highlight"] { query.highlight = CodeReferenceQuery.lineRanges(highlight) }
        return CodeReference(
            syntax: ":::code", language: (attributes["language"] ?? "").lowercased(), name: attributes["title"] ?? "",
            path: source, query: query, line: line, column: column)
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let linkFormRegex =
    /\[!code-(?<language>[A-Za-z0-9_+#.-]+)\[(?<name>[^\]]*)\]\((?<path>[^)"]*[^)"\s])\s*(?:"[^"]*")?\s*\)\]/.ignoresCase()
nonisolated(unsafe) private let blockFormRegex = /(?<lead>[ \t>]*):::\s*code\s+(?<attributes>.*?)\s*:::\s*/.ignoresCase()
nonisolated(unsafe) private let attributeRegex = /(?<key>[A-Za-z-]+)\s*=\s*"(?<value>[^"]*)"/
