@testable import DocFXDialect
import Foundation
import StepwiseDiagnostics
import StepwiseTestSupport
import Testing

@Suite struct IncludeResolverTests {
    private func loader(_ dir: TemporaryDirectory) -> DocumentLoader {
        DocumentLoader(workingDirectory: dir.url, defaultLocale: "en-us")
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

/// DocFX include paths as real repositories write them.
@Suite struct DocFXIncludePathTests {
    private func load(_ dir: TemporaryDirectory, _ doc: URL) -> DocumentLoad {
        DocumentLoader(workingDirectory: dir.url, defaultLocale: "en-us", contentRoot: dir.url.appendingPathComponent("content")).loadReportingProblems(doc)
    }

    private func includeLine(_ path: String, title: String = "part") -> String {
        "# T\n\n[!INCLUDE [\(title)](\(path))]\n"
    }

    @Test("~/ is the docset root: the locale folder of the including file")
    func docsetRoot() throws {
        let dir = try TemporaryDirectory()
        let doc = try dir.write("content/fr-fr/articles/service/deep/x.md", includeLine("~/includes/part.md"))
        try dir.write("content/fr-fr/includes/part.md", "Partie\n")
        let load = load(dir, doc)
        #expect(load.diagnostics.isEmpty)
        #expect(load.document?.includes.map(\.resolvedPath) == ["content/fr-fr/includes/part.md"])
    }

    @Test("backslashes are separators")
    func backslashes() throws {
        let dir = try TemporaryDirectory()
        let doc = try dir.write("content/es-es/articles/a/b/x.md", includeLine(#"..\..\..\includes\part.md"#))
        try dir.write("content/es-es/includes/part.md", "Parte\n")
        let load = load(dir, doc)
        #expect(load.diagnostics.isEmpty)
        #expect(load.document?.includes.map(\.resolvedPath) == ["content/es-es/includes/part.md"])
    }

    @Test("percent-encoding is decoded and a query is not part of the file")
    func percentAndQuery() throws {
        let dir = try TemporaryDirectory()
        let doc = try dir.write("content/en-us/articles/x.md", includeLine("../includes/my%20part.md?range=1-3"))
        try dir.write("content/en-us/includes/my part.md", "Part\n")
        let load = load(dir, doc)
        #expect(load.diagnostics.isEmpty)
        #expect(load.document?.includes.map(\.resolvedPath) == ["content/en-us/includes/my part.md"])
    }

    @Test("a path matching only when letter case is ignored resolves, with one warning")
    func caseMismatch() throws {
        let dir = try TemporaryDirectory()
        let doc = try dir.write("content/en-us/articles/x.md", includeLine("../Includes/Part.MD"))
        try dir.write("content/en-us/includes/part.md", "Part\n")
        let load = load(dir, doc)
        #expect(load.document?.includes.map(\.resolvedPath) == ["content/en-us/includes/part.md"])
        #expect(load.diagnostics.map(\.id) == ["include-case-mismatch"])
        #expect(load.diagnostics.first?.severity == .warning)
        #expect(load.diagnostics.first?.description.hasPrefix("content/en-us/articles/x.md:3:1: warning: include path '../Includes/Part.MD' matches 'en-us/includes/part.md'") == true)
        #expect(load.diagnostics.first?.fix == "write the path as '../includes/part.md'")
    }

    @Test("a ~/ path matching only when letter case is ignored suggests the ~/ path")
    func caseMismatchFromDocsetRoot() throws {
        let dir = try TemporaryDirectory()
        let doc = try dir.write("content/fr-fr/articles/s/x.md", includeLine("~/INCLUDES/part.md"))
        try dir.write("content/fr-fr/includes/part.md", "Partie\n")
        let load = load(dir, doc)
        #expect(load.document?.includes.map(\.resolvedPath) == ["content/fr-fr/includes/part.md"])
        #expect(load.diagnostics.map(\.fix) == ["write the path as '~/includes/part.md'"])
    }

    @Test("a bracket title naming a path outside the root is never read")
    func titleIsNotAPath() throws {
        let dir = try TemporaryDirectory()
        try dir.write("secret.md", "TOP SECRET\n")
        try dir.write("content/en-us/includes/secret.md", "not this one either\n")
        let doc = try dir.write("content/de-de/articles/x.md", includeLine("missing.md", title: "../../../secret.md"))
        let load = load(dir, doc)
        #expect(load.document?.includes.isEmpty == true)
        #expect(load.diagnostics.map(\.id) == ["include-missing"])
    }

    @Test("~/ cannot climb out of the content root")
    func docsetRootEscape() throws {
        let dir = try TemporaryDirectory()
        try dir.write("outside.md", "outside\n")
        let doc = try dir.write("content/en-us/articles/x.md", includeLine("~/../../outside.md"))
        #expect(load(dir, doc).diagnostics.map(\.id) == ["include-escapes-root"])
    }

    @Test("an include that is a symbolic link to a file outside the root is refused, also when found by name")
    func symlinkOutside() throws {
        let dir = try TemporaryDirectory()
        let outside = try dir.write("outside.md", "outside\n")
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("content/en-us/includes"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: dir.url.appendingPathComponent("content/en-us/includes/part.md"), withDestinationURL: outside)
        let direct = try dir.write("content/en-us/articles/x.md", includeLine("../includes/part.md"))
        let byName = try dir.write("content/en-us/articles/y.md", includeLine("wrong/place/part.md"))
        #expect(load(dir, direct).diagnostics.map(\.id) == ["include-escapes-root"])
        #expect(load(dir, byName).diagnostics.map(\.id) == ["include-escapes-root"])
        #expect(load(dir, direct).document?.includes.isEmpty == true)
    }

    @Test("a symbolic link out of the root found by ignoring letter case is refused")
    func symlinkOutsideCaseInsensitive() throws {
        let dir = try TemporaryDirectory()
        let outside = try dir.write("outside.md", "outside\n")
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("content/en-us/includes"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: dir.url.appendingPathComponent("content/en-us/includes/part.md"), withDestinationURL: outside)
        let doc = try dir.write("content/en-us/articles/x.md", includeLine("../INCLUDES/Part.md"))
        let load = load(dir, doc)
        #expect(load.diagnostics.map(\.id) == ["include-escapes-root"])
        #expect(load.document?.includes.isEmpty == true)
    }

    @Test("a content root reached through a symbolic link still resolves its includes")
    func symlinkedRoot() throws {
        let dir = try TemporaryDirectory()
        try dir.write("real/en-us/includes/part.md", "Part\n")
        let doc = try dir.write("real/en-us/articles/x.md", includeLine("../includes/part.md"))
        let alias = dir.url.appendingPathComponent("alias")
        try FileManager.default.createSymbolicLink(at: alias, withDestinationURL: doc.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())
        let load = DocumentLoader(workingDirectory: dir.url, defaultLocale: "en-us").loadReportingProblems(alias.appendingPathComponent("en-us/articles/x.md"))
        #expect(load.diagnostics.isEmpty)
        #expect(load.document?.includes.map(\.resolvedPath) == ["alias/en-us/includes/part.md"])
    }

    @Test("the lookup name is the path's file name; a title only when it is a bare name")
    func lookupName() {
        #expect(IncludeResolver.lookupName(written: IncludePath("../x/Part.MD"), title: "t") == "Part.MD")
        #expect(IncludeResolver.lookupName(written: IncludePath("../x/part"), title: "t") == "part.md")
        #expect(IncludeResolver.lookupName(written: IncludePath(""), title: "shared") == "shared.md")
        #expect(IncludeResolver.lookupName(written: IncludePath(""), title: "../../etc/passwd") == nil)
        #expect(IncludeResolver.lookupName(written: IncludePath(""), title: #"..\secret"#) == nil)
        #expect(IncludeResolver.lookupName(written: IncludePath("a/.."), title: "shared") == nil)
    }

    @Test("an include path is normalized as DocFX reads it")
    func includePathNormalization() {
        let path = IncludePath(#"~\includes\my%20part.md#intro"#)
        #expect(path.fromDocsetRoot)
        #expect(path.path == "includes/my part.md")
        #expect(path.fileName == "my part.md")
        #expect(IncludePath("../a.md?range=2-4").path == "../a.md")
    }
}
