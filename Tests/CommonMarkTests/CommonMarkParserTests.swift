import CommonMark
import Foundation
import StepwiseTestSupport
import Testing

@Suite(.serialized) struct CommonMarkParserTests {
    @Test("blocks carry 1-based line and column ranges")
    func blocksCarryRanges() throws {
        let tree = try CommonMarkParser().parse("# Title\n\n1. Step one\n\n       code();\n")
        #expect(tree.kind == .document)
        let heading = try #require(tree.children.first)
        #expect(heading.kind == .heading(level: 1))
        #expect(heading.range?.start == .init(line: 1, column: 1))
        #expect(heading.plainText == "Title")
        let list = tree.children[1]
        guard case .list(let info) = list.kind else { Issue.record("expected a list"); return }
        #expect(info.ordered && info.start == 1)
        let code = list.children[0].children[1]
        #expect(code.kind == .codeBlock(info: ""))
        #expect(code.literal == "code();\n")
        #expect(code.range?.start.line == 5)
    }

    @Test("links and images keep their destinations")
    func linksKeepDestinations() throws {
        let tree = try CommonMarkParser().parse("See [docs](https://example.com \"t\") ![alt][B1]\n\n[B1]: ./media/x.png\n")
        let inlines = tree.descendants
        #expect(inlines.contains { $0.kind == .link(destination: "https://example.com", title: "t") })
        #expect(inlines.contains { $0.kind == .image(destination: "./media/x.png", title: "") })
    }

    @Test("parsing every seed 20 times frees every block cmark allocates")
    func parsingFreesEverything() throws {
        let parser = CommonMarkParser(allocator: .counting)
        let texts = try RepositoryFiles.seeds.map { try String(contentsOf: RepositoryFiles.content.appendingPathComponent($0.path), encoding: .utf8) }
        let before = CommonMarkAllocationCounter.live
        let allocatedBefore = CommonMarkAllocationCounter.allocated
        for _ in 0..<20 {
            for text in texts {
                _ = try parser.parse(text)
            }
        }
        #expect(CommonMarkAllocationCounter.allocated - allocatedBefore > 10_000, "the counting allocator was used")
        #expect(CommonMarkAllocationCounter.live == before)
    }
}

@Suite struct HTMLEntitiesTests {
    @Test("named and numeric references are decoded; unknown or malformed ones stay as written", arguments: [
        ("a &lt;b&gt; &amp;&amp; &quot;c&quot;", "a <b> && \"c\""),
        ("it&#39;s &#x41;&#X42;", "it's AB"),
        ("&nbsp;", "\u{A0}"),
        ("AT&T &copy; &#xZZ; & &;", "AT&T &copy; &#xZZ; & &;"),
        ("&amp;lt;", "&lt;"),
    ])
    func decode(text: String, expected: String) {
        #expect(HTMLEntities.decode(text) == expected)
    }
}
