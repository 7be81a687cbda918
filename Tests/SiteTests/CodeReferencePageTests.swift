import DocFXDialect
import Foundation
import Site
import Testing
import TutorialModel

/// A code reference is shown where it stands, with the code, a caption naming the file and lines,
/// and its highlight lines marked; one that cannot be shown is a visible placeholder.
@Suite struct CodeReferencePageTests {
    static let code = """
        import os

        # <Connect>
        def connect():
            host = os.environ["HOST"]
            return host
        # </Connect>
        """

    @Test("the referenced code is rendered in source order, captioned with its file and lines, highlight lines marked")
    func rendered() throws {
        let fixture = try SiteFixture()
        try fixture.folder.write("content/en-us/code/deploy.py", Self.code)
        let url = try fixture.folder.write("content/en-us/articles/deploy.md", """
            # Deploy

            First:

            [!code-python[main](../code/deploy.py?name=Connect&highlight=2-3)]

            Then:

            ```python
            connect()
            ```

            [!code-python[main](../code/none.py)]
            """)
        let loader = DocumentLoader(workingDirectory: fixture.folder.url, defaultLocale: "en-us", contentRoot: fixture.folder.url.appendingPathComponent("content"))
        let tutorial = TutorialExtractor(loader: loader).extract(try #require(loader.loadReportingProblems(url).document))
        let html = try #require(try fixture.render([tutorial])["en-us/articles/deploy.html"])
        #expect(html.contains(#"<span class="sample-source">from <code class="sample-source-file" title="content/en-us/code/deploy.py">deploy.py</code> <span class="sample-source-lines">lines 4–6</span></span>"#))
        #expect(html.contains(#"<span class="t-keyword">def</span> connect():"#))
        #expect(html.contains("\n<span class=\"line-mark\">    host = os.environ[<span class=\"t-string\">&quot;HOST&quot;</span>]</span>\n<span class=\"line-mark\">    <span class=\"t-keyword\">return</span> host</span></code>"))
        let first = try #require(html.range(of: "deploy.py</code>")), then = try #require(html.range(of: "Then:")),
            fenced = try #require(html.range(of: "connect()</code>")), missing = try #require(html.range(of: "none.py"))
        #expect(first.lowerBound < then.lowerBound && then.lowerBound < fenced.lowerBound && fenced.lowerBound < missing.lowerBound)
        #expect(!html.contains("[!code-"), "no directive is left as text")
    }
}
