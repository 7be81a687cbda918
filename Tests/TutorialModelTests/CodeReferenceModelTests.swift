import DocFXDialect
import Foundation
import StepwiseTestSupport
import Testing
@testable import TutorialModel

/// Code references in the model: samples whose origin is a code file, in source order among the
/// document's samples, and placeholders where the code cannot be shown.
@Suite struct CodeReferenceModelTests {
    static let code = """
        using System;

        class Program
        {
            // <Main>
            static void Main() { }
            // </Main>
        }
        """

    private func extract(_ text: String, files: [String: String] = ["content/en-us/code/Program.cs": code]) throws -> Tutorial {
        let dir = try TemporaryDirectory()
        for (name, body) in files { try dir.write(name, body) }
        let url = try dir.write("content/en-us/articles/a/t.md", text)
        // Problems (a missing code file) do not stop the model: it is built from what can be read.
        let loader = DocumentLoader(workingDirectory: dir.url, defaultLocale: "en-us")
        return TutorialExtractor(loader: loader).extract(try #require(loader.loadReportingProblems(url).document))
    }

    @Test("a reference is a sample of its step, between the fenced samples around it, with file, lines and language")
    func sampleInStep() throws {
        let tutorial = try extract("""
            ## Build

            1. Write this:

               ```csharp
               var a = 1;
               ```

               [!code-cs[main](../../code/Program.cs?name=Main&highlight=1)]

               ```csharp
               var b = 2;
               ```

            2. Run it.
            """)
        let step = tutorial.sections[0].steps[0]
        #expect(step.code.map(\.text) == ["var a = 1;", "static void Main() { }", "var b = 2;"])
        let sample = step.code[1]
        #expect(sample.language == "csharp" && sample.line == 9)
        #expect(sample.reference == CodeReferenceInfo(
            syntax: "!code", written: "../../code/Program.cs?name=Main&highlight=1", path: "content/en-us/code/Program.cs",
            lines: "6", region: "Main", highlight: [1]))
        #expect(step.code.map(\.id) == ["code-1", "code-2", "code-3"])
        #expect(!step.details.contains { $0.inlines.map(\.text).joined().contains("code-cs") })
    }

    @Test("a reference outside steps belongs to its section; the block form too; prose around it stays")
    func sampleInSection() throws {
        let tutorial = try extract("""
            # T

            Before.

            :::code language="csharp" source="../../code/Program.cs" range="1,3-4":::

            After.
            """)
        let section = tutorial.sections[0]
        #expect(section.code.map(\.text) == ["using System;\nclass Program\n{"])
        #expect(section.code[0].reference?.lines == "1,3-4")
        #expect(section.paragraphs.map { $0.inlines.map(\.text).joined() } == ["Before.", "After."])
    }

    @Test("a reference run into a sentence leaves the sentence as prose")
    func runIntoSentence() throws {
        let tutorial = try extract("# T\n\nRun this: [!code-cs[main](../../code/Program.cs#L1)]\n")
        #expect(tutorial.sections[0].paragraphs.map { $0.inlines.map(\.text).joined().trimmingCharacters(in: .whitespaces) } == ["Run this:"])
        #expect(tutorial.sections[0].code.map(\.text) == ["using System;"])
    }

    @Test("a reference whose code cannot be shown is a missing placeholder in its step, never a sample")
    func placeholder() throws {
        let tutorial = try extract("## S\n\n1. Add:\n\n   [!code-cs[main](../../code/None.cs)]\n\n2. Done.\n")
        let step = tutorial.sections[0].steps[0]
        #expect(step.code.isEmpty)
        #expect(step.alerts.map(\.kind) == ["missing"])
        #expect(step.alerts[0].text.contains("None.cs"))
    }

    @Test("the language comes from the code-<lang> tag through the alias table, else from the file's extension")
    func language() throws {
        let files = ["content/en-us/code/Program.cs": Self.code, "content/en-us/code/run.sh": "az group create\n"]
        let tutorial = try extract("# T\n\n[!code-azurecli-interactive[main](../../code/run.sh)]\n\n:::code source=\"../../code/Program.cs\":::\n", files: files)
        #expect(tutorial.sections[0].code.map(\.language) == ["azurecli", "csharp"])
    }
}
