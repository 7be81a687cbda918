@testable import CommonMark
import Foundation
import StepwiseTestSupport
import Testing

/// Pipe tables against the table examples of the GitHub Flavored Markdown spec, compared as HTML
/// after normalizing whitespace between tags (as the spec's own runner does).
@Suite struct GFMTableTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var number: Int
        var markdown: String
        var html: String
        var testDescription: String { "table example \(number)" }
    }

    static let examples: [Example] = {
        let url = RepositoryFiles.root.appendingPathComponent("Tests/CommonMarkTests/Fixtures/gfm-spec-tables.txt")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        let fence = String(repeating: "`", count: 32)
        return text.components(separatedBy: fence + " example table\n").dropFirst().enumerated().compactMap { index, block in
            guard let body = block.components(separatedBy: "\n" + fence).first else { return nil }
            let parts = body.components(separatedBy: "\n.\n")
            guard parts.count == 2 else { return nil }
            return Example(number: index + 1, markdown: parts[0] + "\n", html: parts[1])
        }
    }()

    @Test("the fixture holds the spec's eight table examples")
    func fixture() {
        #expect(Self.examples.count == 8)
    }

    @Test("each table example renders as the spec says", arguments: examples)
    func example(_ example: Example) throws {
        let document = try CommonMarkParser().parse(example.markdown)
        #expect(Self.normalized(SpecHTML.render(document)) == Self.normalized(example.html))
    }

    @Test("without the extension a table stays a paragraph, as in plain CommonMark")
    func disabled() throws {
        let document = try CommonMarkParser(extensions: []).parse("| a | b |\n| - | - |\n| 1 | 2 |\n")
        #expect(document.children.map(\.kind) == [.paragraph])
    }

    @Test("tables inside list items and block quotes, after paragraph text, with <br> and links in cells")
    func containers() throws {
        let markdown = """
            1. Set the values:

               | Setting | Value |
               |:--------|------:|
               | Name | `my-app` |
               | Region | West US<br>East US |

            > Intro line.
            > | A | B |
            > |---|---|
            > | [x](https://example.org) | **y** |
            """
        let document = try CommonMarkParser().parse(markdown)
        let html = Self.normalized(SpecHTML.render(document))
        #expect(html.contains("<table><thead><tr><th align=\"left\">Setting</th><th align=\"right\">Value</th></tr></thead><tbody><tr><td align=\"left\">Name</td><td align=\"right\"><code>my-app</code></td></tr><tr><td align=\"left\">Region</td><td align=\"right\">West US<br>East US</td></tr></tbody></table>"), "\(html)")
        #expect(html.contains("<blockquote><p>Intro line.</p><table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td><a href=\"https://example.org\">x</a></td><td><strong>y</strong></td></tr></tbody></table></blockquote>"), "\(html)")
        let table = try #require(document.children.last?.children.last)
        #expect(table.range?.start.line == 9 && table.range?.end.line == 11, "the table keeps its source lines")
    }

    @Test("a cell that starts with an HTML tag holds inline HTML, not an HTML block read as text")
    func cellStartingWithHTML() throws {
        let markdown = """
            | Use | Notes |
            |---|---|
            | <ul><li>One</li><li>Two</li></ul> | <br>after a break |
            | # not a heading | - not a list |
            """
        let document = try CommonMarkParser().parse(markdown)
        let html = Self.normalized(SpecHTML.render(document))
        #expect(html.contains("<td><ul><li>One</li><li>Two</li></ul></td><td><br>after a break</td>"), "\(html)")
        #expect(html.contains("<td># not a heading</td><td>- not a list</td>"), "\(html)")
        #expect(!html.contains("\u{200B}"), "the zero-width space that keeps cmark inline is dropped")
    }

    @Test("a cell that starts like a list holds inline markup: links, emphasis and <br> are read as in a paragraph")
    func cellStartingLikeABlock() throws {
        let markdown = """
            | Source | Method |
            |---|---|
            | Windows | - [Manual](agent.md)<br>- **DSC** |
            | SQL | 1. <a href="#bcp">bcp</a> |
            """
        let html = Self.normalized(SpecHTML.render(try CommonMarkParser().parse(markdown)))
        #expect(html.contains("<td>- <a href=\"agent.md\">Manual</a><br>- <strong>DSC</strong></td>"), "\(html)")
        #expect(html.contains("<td>1. <a href=\"#bcp\">bcp</a></td>"), "\(html)")
    }

    @Test("reference links in cells use the document's definitions, wherever they are; definitions in code stay code")
    func referenceLinksInCells() throws {
        let markdown = """
            > [quoted]: https://example.org/q

            | Type | Workaround |
            |---|---|
            | [geometry][geometry] | [varbinary][] (see [quoted]) |
            | [missing][nowhere] | `[x][geometry]` |

                [indented]: https://example.org/code

            [geometry]: https://example.org/geometry "Geometry"
            [varbinary]: <https://example.org/varbinary>
            """
        let html = Self.normalized(SpecHTML.render(try CommonMarkParser().parse(markdown)))
        #expect(html.contains("<td><a href=\"https://example.org/geometry\">geometry</a></td>"), "\(html)")
        #expect(html.contains("<td><a href=\"https://example.org/varbinary\">varbinary</a> (see <a href=\"https://example.org/q\">quoted</a>)</td>"), "\(html)")
        #expect(html.contains("<td>[missing][nowhere]</td><td><code>[x][geometry]</code></td>"), "\(html)")
        let definitions = GFMTables.referenceDefinitions(
            lines: markdown.split(separator: "\n", omittingEmptySubsequences: false),
            document: try CommonMarkParser(extensions: []).parse(markdown),
            parse: { (try? CommonMarkParser(extensions: []).parse($0)) ?? MarkdownNode(kind: .document, range: nil) })
        #expect(definitions.split(separator: "\n").map { $0.prefix { $0 != ":" } } == ["[quoted]", "[geometry]", "[varbinary]"])
    }

    @Test("a row indented four columns past the table starts an indented code block, as in cmark-gfm; lines after it are read again", arguments: [
        ("|Argument|Description|\n| --- | --- |\n|--debug | More logs.|\n    --help -h | Show help.|\n    --output | Format.|\n| next | row |\n\nAfter.\n",
         "<table><thead><tr><th>Argument</th><th>Description</th></tr></thead><tbody><tr><td>--debug</td><td>More logs.</td></tr></tbody></table><pre><code>--help -h | Show help.|\n--output | Format.|\n</code></pre><p>| next | row |</p><p>After.</p>"),
        ("1. Step:\n\n   | a | b |\n   |---|---|\n   | x | y |\n          code here\n   | z | w |\n",
         "<ol><li><p>Step:</p><table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>x</td><td>y</td></tr></tbody></table><pre><code>   code here\n</code></pre><p>| z | w |</p></li></ol>"),
    ])
    func indentedRowEndsTable(markdown: String, html: String) throws {
        let document = try CommonMarkParser().parse(markdown)
        #expect(Self.normalized(SpecHTML.render(document)) == Self.normalized(html))
        let code = try #require(document.descendants.first { if case .codeBlock = $0.kind { true } else { false } })
        #expect(code.range?.start.line == (markdown.hasPrefix("1.") ? 6 : 4), "the code block keeps its line in the file")
    }

    @Test("rows with escaped pipes, a missing outer pipe, and no table when the delimiter row does not match", arguments: [
        ("a | b\n--|--\nc \\| d | e\n", "<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>c | d</td><td>e</td></tr></tbody></table>"),
        // As cmark-gfm: a pipe after a backslash is escaped even when that backslash is escaped itself.
        ("| a | b |\n|---|---|\n| x\\\\| y | z |\n| p \\\\\\| q | r \\|\n", "<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>x| y</td><td>z</td></tr><tr><td>p \\| q</td><td>r |</td></tr></tbody></table>"),
        ("Just | a pipe in prose.\nAnd another line.\n", "<p>Just | a pipe in prose.\nAnd another line.</p>"),
        ("| a |\n| :- | - |\n", "<p>| a |\n| :- | - |</p>"),
    ])
    func rows(markdown: String, html: String) throws {
        #expect(Self.normalized(SpecHTML.render(try CommonMarkParser().parse(markdown))) == Self.normalized(html))
    }

    static func normalized(_ html: String) -> String {
        html.replacingOccurrences(of: #">\s+<"#, with: "><", options: .regularExpression)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// The HTML the spec shows for the nodes its table examples use.
enum SpecHTML {
    static func render(_ node: MarkdownNode) -> String {
        switch node.kind {
        case .document, .item: return node.children.map(render).joined(separator: "\n")
        case .list(let info): return (info.ordered ? "<ol>" : "<ul>") + node.children.map { "<li>" + render($0) + "</li>" }.joined() + (info.ordered ? "</ol>" : "</ul>")
        case .paragraph: return "<p>" + inlines(node) + "</p>"
        case .codeBlock: return "<pre><code>" + node.literal + "</code></pre>"
        case .blockQuote: return "<blockquote>\n" + node.children.map(render).joined(separator: "\n") + "\n</blockquote>"
        case .table(let alignments):
            let header = node.children.first.map { row($0, alignments: alignments, cell: "th") } ?? ""
            let body = node.children.dropFirst().map { row($0, alignments: alignments, cell: "td") }.joined()
            return "<table>\n<thead>\n" + header + "</thead>\n" + (body.isEmpty ? "" : "<tbody>\n" + body + "</tbody>\n") + "</table>"
        default: return inlines(node)
        }
    }

    private static func row(_ row: MarkdownNode, alignments: [MarkdownNode.TableAlignment], cell: String) -> String {
        "<tr>\n" + zip(row.children, alignments).map { node, alignment in
            let align = alignment == .none ? "" : " align=\"\(alignment.rawValue)\""
            return "<\(cell)\(align)>" + inlines(node) + "</\(cell)>\n"
        }.joined() + "</tr>\n"
    }

    private static func inlines(_ node: MarkdownNode) -> String {
        node.children.map { child in
            switch child.kind {
            case .text: escape(child.literal)
            case .code: "<code>" + escape(child.literal) + "</code>"
            case .strong: "<strong>" + inlines(child) + "</strong>"
            case .emphasis: "<em>" + inlines(child) + "</em>"
            case .softBreak: "\n"
            case .htmlInline: child.literal
            case .link(let destination, _): "<a href=\"\(destination)\">" + inlines(child) + "</a>"
            default: inlines(child)
            }
        }.joined()
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// Splitting a row into cells by bytes, where that is exact, must answer what splitting by characters answers.
@Suite struct GFMTableCellTests {
    @Test("a row's cells split by bytes are those split by characters")
    func cellsByBytes() {
        var lines = [
            "| a | b |", "a|b", "| a \\| b | c |", "\\|a|", "a\\", "| é | ñ |", "|é|ñ|", "| x\\\\| y |", "| `a|b` | c |", "||", "|", "",
            "| a |\u{301} b |", "| a \\\u{301}| b |", "| \u{0600}| b |", "|\u{301}a|b|", "a|b\r\n", "| 💡 | 👍🏽 |", "| K\u{212A} | x |",
        ]
        // Every line of the spec's table examples and of the bundled content that holds a pipe.
        lines += GFMTableTests.examples.flatMap { $0.markdown.components(separatedBy: "\n") }
        let enumerator = FileManager.default.enumerator(at: RepositoryFiles.content, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "md", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            lines += text.components(separatedBy: "\n").filter { $0.contains("|") }
        }
        #expect(lines.count > 60)
        for line in lines {
            #expect(GFMTables.rawCells(of: line) == GFMTables.cellsByCharacter(of: line), "\(line.debugDescription)")
        }
    }
}

/// A cell of plain text is taken as the text node cmark reads in it, without parsing it: the node
/// must be the one cmark makes, and any text with markup must still be parsed.
@Suite struct GFMPlainCellTests {
    /// What cmark reads in `text` alone: the inlines of its one paragraph.
    private static func parsed(_ text: String) throws -> [MarkdownNode]? {
        let document = try CommonMarkParser(extensions: []).parse(text)
        guard document.children.count == 1, document.children[0].kind == .paragraph else { return nil }
        return document.children[0].children
    }

    @Test("a plain cell is the text node cmark reads in it", arguments: [
        "Nombre", "Descripción del parámetro", "a  b", "x.y:z (a/b) = 5%", "Sí", "État", "value #1 - ok", "C# > Java", "a|b", "Entre 50 %",
        "Oui.", "Type: string", "ñandú", "Zone 1 + zone 2", "http://example.com/a?b=c", "x\u{00A0}y", "日本語", "a -- b", "Non\u{00A0}",
        "(optional)", "100 GB", "1", "2 x", "12345678901 x", "$5", "/a/b", "{x}", "'q'", "\"q\"", "@x", "^x", "%d", ":x", ";x", "?x",
        ",x", ".x", "|x", "...", "2,5",
    ])
    func plainCell(_ text: String) throws {
        let node = try #require(GFMTables.plainText(text))
        #expect(try Self.parsed(text) == [node])
    }

    @Test("a cell with markup, a block start, a space at its end or a control character is parsed", arguments: [
        "*a*", "a *b*", "a_b_", "[x]", "a [x](y)", "`c`", "a `c`", "&amp;", "a &amp; b", "<b>x</b>", "x <y>", "!x", "a ![i](j)",
        "1. a", "1) a", "- a", "+ a", "# a", "> a", "= a", "~~~", "a\\b", "a\\", "a\tb", "a\u{7F}", " a", "a ", "", "42. x",
        "1.", "1)", "2.5", "-", "-1", "+", "#", "#x", "~x", "=", "__x", "```", "> ", "\\x", "&x",
    ])
    func markedCell(_ text: String) {
        #expect(GFMTables.plainText(text) == nil)
    }
}
