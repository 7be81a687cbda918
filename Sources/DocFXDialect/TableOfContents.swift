public import Foundation
import StepwiseDiagnostics
import Yams

/// A DocFX table of contents: `TOC.md` (headings, `#` to `######`, each a `[title](href)` link or a
/// plain title grouping the entries below it) or `toc.yml` (`name`, `href`, `items`), read into one
/// tree. Entries keep their line and column, for findings about entries that point nowhere.
public struct TableOfContents: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var title: String
        /// The link as written, nil for a group without a page.
        public var href: String?
        public var line: Int
        public var column: Int
        public var children: [Entry]

        public init(title: String, href: String?, line: Int, column: Int, children: [Entry] = []) {
            self.title = title
            self.href = href
            self.line = line
            self.column = column
            self.children = children
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Whether a file name is a table of contents DocFX reads (`TOC.md`, `toc.yml`, any letter case).
    public static func isTableOfContents(_ name: String) -> Bool {
        ["toc.md", "toc.yml", "toc.yaml"].contains(name.lowercased())
    }

    /// The table of contents in `text`, read as Markdown or YAML after the file's extension.
    public static func read(_ text: String, fileName: String) -> TableOfContents {
        let isMarkdown = fileName.lowercased().hasSuffix(".md")
        return Read.shared.table(isMarkdown ? "md\n" + text : "yml\n" + text) { isMarkdown ? markdown(text) : yaml(text) }
    }

    /// The tables this process has read, by kind and text: a build reads every table several times
    /// (the site cache's key, the link check, the pages' navigation), and reading one is parsing it.
    private final class Read: @unchecked Sendable {
        static let shared = Read()
        private let lock = NSLock()
        private var tables: [String: TableOfContents] = [:]

        func table(_ key: String, reading: () -> TableOfContents) -> TableOfContents {
            if let known = lock.withLock({ tables[key] }) { return known }
            let table = reading()
            lock.withLock {
                // A long-running server reads edited tables again and again: a bound on what is kept.
                if tables.count >= 4096 { tables.removeAll() }
                tables[key] = table
            }
            return table
        }
    }

    /// `# [Title](href)` and `# Title` headings, nested by level.
    public static func markdown(_ text: String) -> TableOfContents {
        var flat: [(level: Int, entry: Entry)] = []
        for (index, line) in text.lineFeedSlices().enumerated() {
            guard let heading = heading(line) else { continue }
            let level = heading.level
            let body = heading.body.trimmingWhitespaces()
            let column = line.utf8.count - heading.body.utf8.count + 1
            if let link = link(body[...]) {
                flat.append((level, Entry(title: String(link.title), href: link.href.trimmingWhitespaces(), line: index + 1, column: column)))
            } else if !body.isEmpty {
                flat.append((level, Entry(title: body, href: nil, line: index + 1, column: column)))
            }
        }
        var position = 0
        return TableOfContents(entries: nest(flat, above: 0, from: &position))
    }

    /// A heading line's level and text: one to six `#`, spaces or tabs, the text, then any closing
    /// `#`s, spaces or tabs and one carriage return; `nil` for another line. Read by hand (it was a
    /// regular expression whose lazy text made every line quadratic), to the same rules: no newline
    /// inside the text, characters compared whole.
    static func heading(_ line: Substring) -> (level: Int, body: Substring)? {
        do {
            return try headingByBytes(line)
        } catch {
            return headingByCharacters(line)
        }
    }

    /// `heading(_:)` read by characters.
    static func headingByCharacters(_ line: Substring) -> (level: Int, body: Substring)? {
        var start = line.startIndex
        var level = 0
        while start < line.endIndex, line[start] == "#" {
            level += 1
            start = line.index(after: start)
        }
        guard (1...6).contains(level), start < line.endIndex, line[start] == " " || line[start] == "\t" else { return nil }
        while start < line.endIndex, line[start] == " " || line[start] == "\t" { start = line.index(after: start) }
        var end = line.endIndex
        if end > start, line[line.index(before: end)] == "\r" { end = line.index(before: end) }
        let text = line[start..<end]
        guard !text.contains(where: \.isNewline) else { return nil }
        let trailing = text.reversed().prefix { $0 == " " || $0 == "\t" || $0 == "#" }.count
        return (level, text.dropLast(trailing))
    }

    /// A heading's text that is one link, `[title](href)` or `[title](href "tip")`: its title and
    /// destination; nil for other text. Read by hand (it was a regular expression, most of the time
    /// spent reading a table), to the same rules: characters compared whole, and a blank is any
    /// whitespace character.
    static func link(_ text: Substring) -> (title: Substring, href: Substring)? {
        do {
            return try linkByBytes(text)
        } catch {
            return linkByCharacters(text)
        }
    }

    /// `link(_:)` read by characters.
    static func linkByCharacters(_ text: Substring) -> (title: Substring, href: Substring)? {
        guard text.first == "[", let close = text.firstIndex(of: "]") else { return nil }
        var position = text.index(after: close)
        guard position < text.endIndex, text[position] == "(" else { return nil }
        position = text.index(after: position)
        let start = position
        while position < text.endIndex, text[position] != ")", !text[position].isWhitespace { position = text.index(after: position) }
        let href = text[start..<position]
        guard position < text.endIndex else { return nil }
        if text[position] != ")" {
            // Blanks, then a quoted tip, then the closing parenthesis.
            while position < text.endIndex, text[position].isWhitespace { position = text.index(after: position) }
            guard position < text.endIndex, text[position] == "\"" else { return nil }
            guard let quote = text[text.index(after: position)...].firstIndex(of: "\"") else { return nil }
            position = text.index(after: quote)
            guard position < text.endIndex, text[position] == ")" else { return nil }
        }
        guard text.index(after: position) == text.endIndex else { return nil }
        return (text[text.index(after: text.startIndex)..<close], href)
    }

    /// The entries from `position` on whose level is deeper than `level`, each with its children.
    private static func nest(_ flat: [(level: Int, entry: Entry)], above level: Int, from position: inout Int) -> [Entry] {
        var result: [Entry] = []
        while position < flat.count, flat[position].level > level {
            var entry = flat[position].entry
            let own = flat[position].level
            position += 1
            entry.children = nest(flat, above: own, from: &position)
            result.append(entry)
        }
        return result
    }

    /// A `toc.yml` list of `name`/`href`/`items` (a `topicHref` counts as the href of a group).
    public static func yaml(_ text: String) -> TableOfContents {
        guard let node = try? Yams.compose(yaml: text) else { return TableOfContents(entries: []) }
        return TableOfContents(entries: entries(node, depth: 0))
    }

    /// Nesting deeper than this in a `toc.yml` is not read (no recursion depends on the input's depth).
    static let maximumDepth = 32

    private static func entries(_ node: Node, depth: Int) -> [Entry] {
        guard depth < maximumDepth else { return [] }
        let list = node.sequence.map(Array.init) ?? node.mapping?["items"]?.sequence.map(Array.init) ?? []
        return list.compactMap { item in
            guard let mapping = item.mapping else { return nil }
            let name = mapping["name"]?.string ?? ""
            let href = mapping["href"]?.string ?? mapping["topicHref"]?.string
            guard !name.isEmpty || href != nil else { return nil }
            let mark = item.mark
            return Entry(title: name.isEmpty ? href ?? "" : name, href: href, line: mark?.line ?? 1, column: mark?.column ?? 1,
                         children: mapping["items"].map { entries($0, depth: depth + 1) } ?? [])
        }
    }
}
