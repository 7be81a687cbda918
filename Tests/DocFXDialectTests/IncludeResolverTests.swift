@testable import DocFXDialect
import Foundation
import StepwiseDiagnostics
import StepwiseTestSupport
import Testing

@Suite struct IncludeResolverTests {
    private func loader(_ dir: TemporaryDirectory) -> DocumentLoader {
        DocumentLoader(workingDirectory: dir.url)
    }

    private func article(_ locale: String, include: String) -> String {
        "# Title\n\n[!INCLUDE [shared-part](\(include))]\n"
    }

    @Test("an include resolves relative to the file first")
    func relativeFirst() throws {
        let dir = try TemporaryDirectory()
        let doc = try dir.write("content/sv-se/articles/a/t.md", article("sv-se", include: "../../includes/shared-part.md"))
        try dir.write("content/sv-se/includes/shared-part.md", "## Delad\n")
        let loaded = try loader(dir).load(doc)
        #expect(loaded.includes.map(\.resolvedPath) == ["content/sv-se/includes/shared-part.md"])
        #expect(loaded.includes.first?.fallback == false)
    }

    @Test("a missing translation falls back to the default locale's include, marked as fallback")
    func defaultLocaleFallback() throws {
        let dir = try TemporaryDirectory()
        let doc = try dir.write("content/de-de/articles/a/t.md", article("de-de", include: "../../includes/shared-part.md"))
        try dir.write("content/en-us/includes/shared-part.md", "## Shared\n")
        let loaded = try loader(dir).load(doc)
        #expect(loaded.includes.first?.resolvedPath == "content/en-us/includes/shared-part.md")
        #expect(loaded.includes.first?.fallback == true)
    }

    @Test("an include is found by name in the same locale when the relative path is wrong")
    func byName() throws {
        let dir = try TemporaryDirectory()
        let doc = try dir.write("content/en-us/editions/2014/articles/a/t.md", article("en-us", include: "../includes/shared-part.md"))
        try dir.write("content/en-us/includes/shared-part.md", "## Shared\n")
        let loaded = try loader(dir).load(doc)
        #expect(loaded.includes.first?.resolvedPath == "content/en-us/includes/shared-part.md")
        #expect(loaded.includes.first?.fallback == false)
    }

    @Test("a missing include is an error at the directive")
    func missingInclude() throws {
        let dir = try TemporaryDirectory()
        let doc = try dir.write("content/en-us/articles/a/t.md", article("en-us", include: "../../includes/shared-part.md"))
        #expect { try loader(dir).load(doc) } throws: { error in
            let error = error as! StepwiseError
            return error.diagnostic.id == "include-missing" && error.description.hasPrefix("content/en-us/articles/a/t.md:3:1: error: include 'shared-part' not found")
        }
    }

    @Test("an include path leaving the content root is refused and never read")
    func escapingInclude() throws {
        let dir = try TemporaryDirectory()
        try dir.write("secret.md", "# Secret\n")
        let doc = try dir.write("content/en-us/articles/a/t.md", "# T\n\n[!INCLUDE [secret](../../../../secret.md)]\n")
        #expect { try loader(dir).load(doc) } throws: { error in
            (error as! StepwiseError).diagnostic.id == "include-escapes-root"
        }
    }

    @Test("an include cycle is reported with the chain")
    func includeCycle() throws {
        let dir = try TemporaryDirectory()
        let doc = try dir.write("content/en-us/articles/a/t.md", article("en-us", include: "../../includes/shared-part.md"))
        try dir.write("content/en-us/includes/shared-part.md", "## A\n\n[!INCLUDE [other](other.md)]\n")
        try dir.write("content/en-us/includes/other.md", "## B\n\n[!INCLUDE [shared-part](shared-part.md)]\n")
        #expect { try loader(dir).load(doc) } throws: { error in
            let error = error as! StepwiseError
            return error.diagnostic.id == "include-cycle" && error.diagnostic.location?.path == "content/en-us/includes/other.md"
        }
    }
}
