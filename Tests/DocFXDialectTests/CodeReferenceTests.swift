@testable import DocFXDialect
import Foundation
import StepwiseDiagnostics
import StepwiseTestSupport
import Testing

/// Code references read, resolved and cut as DocFX does, on small code files in `Fixtures/code-references`.
@Suite struct CodeReferenceTests {
    static let fixtures = RepositoryFiles.root.appendingPathComponent("Tests/DocFXDialectTests/Fixtures/code-references")

    static func fixture(_ name: String) throws -> [String] {
        try SourceFile.decodeLines(Data(contentsOf: fixtures.appendingPathComponent(name)), path: name)
    }

    private func cut(_ file: String, _ written: String, language: String = "csharp") throws -> (text: String, lines: [Int], highlight: [Int], problems: [CodeSnippetExtractor.Problem]) {
        let (snippet, problems) = CodeSnippetExtractor(query: CodeReferenceQuery(linkPath: written), language: language).extract(try Self.fixture(file))
        return (snippet.text, snippet.lines, snippet.highlight, problems)
    }

    @Test("the link form is read with its language, name, path and options, wherever the line has it")
    func linkForm() {
        let matches = CodeReference.scan("> [!code-azurecli-interactive[main](../x/run.sh?highlight=3-7 \"Back up\")]", number: 4)
        #expect(matches.count == 1)
        let reference = matches[0].reference
        #expect(reference.language == "azurecli-interactive" && reference.name == "main" && reference.path == "../x/run.sh?highlight=3-7")
        #expect(reference.query.highlight == [LineRange(start: 3, end: 7)])
        #expect(reference.line == 4 && reference.column == 3)
        let run = CodeReference.scan("Après l’exécution : [!code-sh[main](a.sh  \"Delete.\")]", number: 1)
        #expect(run.map(\.reference.path) == ["a.sh"])
    }

    @Test("the block form is read from its attributes; without a source it is not a reference")
    func blockForm() {
        let line = #":::code language="csharp" source="~/samples/Program.cs" range="3-5" id="snippet" highlight="2":::"#
        let reference = try? #require(CodeReference.scan(line, number: 2).first?.reference)
        #expect(reference?.syntax == ":::code" && reference?.language == "csharp" && reference?.path == "~/samples/Program.cs")
        #expect(reference?.query == CodeReferenceQuery(ranges: [LineRange(start: 3, end: 5)], region: "snippet", highlight: [LineRange(start: 2, end: 2)]))
        #expect(CodeReference.scan(#":::code language="csharp":::"#, number: 1).isEmpty)
    }

    @Test("ranges: comma lists, open ends, #L10-L20 and start/end")
    func ranges() {
        #expect(CodeReferenceQuery(linkPath: "a.cs?range=2,5-7,10-").ranges
            == [LineRange(start: 2, end: 2), LineRange(start: 5, end: 7), LineRange(start: 10, end: nil)])
        #expect(CodeReferenceQuery(linkPath: "a.cs#L10-L20").ranges == [LineRange(start: 10, end: 20)])
        #expect(CodeReferenceQuery(linkPath: "a.cs#L4").ranges == [LineRange(start: 4, end: 4)])
        #expect(CodeReferenceQuery(linkPath: "a.cs?start=3&end=4").ranges == [LineRange(start: 3, end: 4)])
        #expect(CodeReferenceQuery(linkPath: "a.cs#Snippet1").region == "Snippet1")
        #expect(CodeReferenceQuery(linkPath: "a.cs?name=Snippet1&dedent=4").dedent == 4)
    }

    @Test("a range list with an open end cuts those lines in order")
    func rangeList() throws {
        let result = try cut("Program.cs", "Program.cs?range=1,16-")
        #expect(result.text == "using System;\n    }\n}")
        #expect(result.lines == [1, 16, 17] && result.problems.isEmpty)
    }

    @Test("#L lines are cut and dedented by their common indentation")
    func githubLines() throws {
        let result = try cut("Program.cs", "Program.cs#L10-L11")
        #expect(result.text == "// <Greeting>\nConsole.WriteLine(\"Hello\");")
    }

    @Test("a C# #region is shown without its directives and without the snippet tags inside it, dedented")
    func csharpRegion() throws {
        let result = try cut("Program.cs", "Program.cs?name=main")
        #expect(result.text == """
            public static void Main(string[] args)
            {
                Console.WriteLine("Hello");
                Console.WriteLine("Bye");
            }
            """)
        #expect(result.lines == [8, 9, 11, 13, 14])
    }

    @Test("snippet tags in C#, XML and Python comment syntaxes")
    func snippetTags() throws {
        #expect(try cut("Program.cs", "Program.cs#Greeting").text == "Console.WriteLine(\"Hello\");")
        #expect(try cut("Web.config.xml", "Web.config.xml?name=AppSettings", language: "xml").text
            == "<appSettings>\n  <add key=\"Mode\" value=\"Demo\" />\n</appSettings>")
        #expect(try cut("deploy.py", "deploy.py?name=Connect", language: "python").text
            == "def connect():\n    host = os.environ[\"HOST\"]\n    return host")
    }

    @Test("a comment holding markup that is not a tag name stays code")
    func notATag() {
        let tags = CodeRegionTags(language: "csharp")
        #expect(tags.tag(in: "    // <param name=\"x\">the x</param>") == nil)
        #expect(tags.tag(in: "    // < Snippet.One >") == .start("Snippet.One"))
        #expect(tags.tag(in: "#endregion") == .regionEnd)
    }

    @Test("dedent takes off the given columns; highlight marks lines of the shown code")
    func dedentAndHighlight() throws {
        let result = try cut("Program.cs", "Program.cs?range=10-13&dedent=8&highlight=2,4-")
        #expect(result.text.hasPrefix("    // <Greeting>\n    Console.WriteLine"))
        #expect(result.highlight == [2, 4])
    }

    @Test("a missing region and a range past the end are problems; the lines that exist are still cut")
    func problems() throws {
        #expect(try cut("Program.cs", "Program.cs?name=Nowhere").problems == [.regionMissing("Nowhere")])
        let past = try cut("Program.cs", "Program.cs?range=16-30")
        #expect(past.problems == [.rangePastEnd([LineRange(start: 16, end: 30)], lineCount: 17)])
        #expect(past.lines == [16, 17])
        for hostile in ["Program.cs#L0", "Program.cs#L9-L3", "Program.cs?start=0&end=0", "Program.cs?range=99999999999999999999", "Program.cs#L99999999"] {
            _ = try cut("Program.cs", hostile)
        }
        let repeated = try cut("Program.cs", "Program.cs?range=" + Array(repeating: "1-", count: 20_000).joined(separator: ","))
        #expect(repeated.lines.count == CodeSnippetExtractor.maximumLines)
    }

    private func load(_ markdown: String, files: [String: String] = [:]) throws -> DocumentLoad {
        let dir = try TemporaryDirectory()
        for (path, text) in files { try dir.write(path, text) }
        let doc = try dir.write("content/fr-fr/articles/a/t.md", markdown)
        return DocumentLoader(workingDirectory: dir.url, defaultLocale: "en-us").loadReportingProblems(doc)
    }

    @Test("paths resolve like includes: relative, ~/ from the docset root, backslashes; the directive leaves the text")
    func resolution() throws {
        let code = try String(contentsOf: Self.fixtures.appendingPathComponent("Program.cs"), encoding: .utf8)
        let load = try load(
            "# T\n\n[!code-csharp[main](..\\..\\code\\Program.cs#L1)]\n\n[!code-csharp[main](~/code/Program.cs?name=Greeting)]\n",
            files: ["content/fr-fr/code/Program.cs": code])
        let document = try #require(load.document)
        #expect(load.diagnostics.isEmpty)
        #expect(document.codeReferences.map(\.path) == ["content/fr-fr/code/Program.cs", "content/fr-fr/code/Program.cs"])
        #expect(document.codeReferences.map { $0.snippet?.text } == ["using System;", "Console.WriteLine(\"Hello\");"])
        #expect(document.normalized.lines[2].isEmpty)
    }

    @Test("a missing file, a path leaving the content root and a symbolic link out are code-ref-missing, never read")
    func missingAndEscaping() throws {
        let dir = try TemporaryDirectory()
        try dir.write("secret.cs", "class Secret {}\n")
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("content/fr-fr/code"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: dir.url.appendingPathComponent("content/fr-fr/code/link.cs"), withDestinationURL: dir.url.appendingPathComponent("secret.cs"))
        let doc = try dir.write("content/fr-fr/articles/a/t.md", """
            # T

            [!code-csharp[main](../../code/none.cs)]
            [!code-csharp[main](../../../../secret.cs)]
            [!code-csharp[main](../../code/link.cs)]
            """)
        let load = DocumentLoader(workingDirectory: dir.url, defaultLocale: "en-us").loadReportingProblems(doc)
        #expect(load.diagnostics.map(\.id) == ["code-ref-missing", "code-ref-missing", "code-ref-missing"])
        #expect(load.diagnostics.map { $0.location?.line } == [3, 4, 5])
        #expect(load.document?.codeReferences.allSatisfy { $0.snippet == nil } == true)
        #expect(!load.diagnostics.contains { $0.summary.contains("Secret") })
    }

    @Test("real corpus references are recognised; their code files (not in the corpus) are reported, one per reference")
    func corpusLines() throws {
        let markdown = try String(contentsOf: Self.fixtures.appendingPathComponent("corpus-hive-powershell.md"), encoding: .utf8)
        let load = try load(markdown)
        let document = try #require(load.document)
        #expect(document.normalized.codeReferences.map(\.line) == [10, 18, 22])
        #expect(document.normalized.codeReferences[2].query.region == "Startup")
        #expect(load.diagnostics.map(\.id) == ["code-ref-missing", "code-ref-missing", "code-ref-missing"])
    }
}
