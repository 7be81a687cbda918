import CommonMark
import Testing
@testable import TutorialModel

/// How a paragraph's inline nodes become spans: bold and emphasis holding markup keep it as tags
/// around their children; holding only text (or a tag that is no HTML element), they are one span.
@Suite struct InlineSpanBuildingTests {
    private func spans(_ markdown: String) throws -> [InlineSpan] {
        let tree = try CommonMarkParser().parse(markdown)
        return InlineSpan.spans(of: try #require(tree.children.first).children)
    }

    private func html(_ text: String) -> InlineSpan { InlineSpan(kind: .html, text: text) }
    private func text(_ text: String) -> InlineSpan { InlineSpan(kind: .text, text: text) }

    @Test("plain bold and emphasis, across a line break and nested, are one span each")
    func plainRuns() throws {
        #expect(try spans("**plain bold** and *a\nb*") == [
            InlineSpan(kind: .strong, text: "plain bold"), text(" and "), InlineSpan(kind: .emphasis, text: "a b"),
        ])
        #expect(try spans("***both***") == [InlineSpan(kind: .emphasis, text: "both")])
    }

    @Test("a formatting tag, a link or code inside bold keeps the markup as tags around the children")
    func markupKept() throws {
        #expect(try spans("**H<sub>2</sub>O**") == [
            html("<strong>"), text("H"), html("<sub>"), text("2"), html("</sub>"), text("O"), html("</strong>"),
        ])
        #expect(try spans("*see `x` now*") == [
            html("<em>"), text("see "), InlineSpan(kind: .code, text: "x"), text(" now"), html("</em>"),
        ])
        #expect(try spans("**go [there](https://x.y)**") == [
            html("<strong>"), text("go "), InlineSpan(kind: .link, text: "there", destination: "https://x.y"), html("</strong>"),
        ])
        // Markup deeper down (code in emphasis in bold) counts too.
        #expect(try spans("**a *`b`***").first == html("<strong>"))
    }

    @Test("a tag that is no HTML element makes the run text, even beside real markup")
    func placeholderTag() throws {
        #expect(try spans("*<Enter your endpoint>*") == [InlineSpan(kind: .emphasis, text: "<Enter your endpoint>")])
        #expect(try spans("**<sub>x</sub> <Name>**") == [InlineSpan(kind: .strong, text: "<sub>x</sub> <Name>")])
    }
}
