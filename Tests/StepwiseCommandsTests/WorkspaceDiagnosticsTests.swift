import Foundation
import StepwiseDiagnostics
import StepwiseTestSupport
import StepwiseWorkspace
import Testing

/// A run's problems as every command reports them: each once, in report order, the same whatever
/// order the documents' threads gave them in.
@Suite struct WorkspaceDiagnosticsTests {
    @Test("each problem once, in report order; two at the same place with the same rule and summary are ordered by what else they say, not by arrival")
    func onceInReportOrder() {
        let place = SourceLocation(path: "/c/en-us/includes/shared.md", line: 3, column: 1)
        let warning = Diagnostic.warning("include-missing", at: place, "include “gone.md” not found")
        let error = Diagnostic.error("include-missing", at: place, "include “gone.md” not found")
        let earlier = Diagnostic.warning("image-missing", at: SourceLocation(path: "/c/en-us/articles/a.md", line: 9, column: 2), "image not found")
        let later = Diagnostic.warning("image-missing", at: SourceLocation(path: "/c/en-us/articles/a.md", line: 10, column: 1), "image not found")
        let expected = [later, earlier].sorted(by: Diagnostic.reportOrder) + [error, warning]
        for problems in [[warning, later, error, warning, earlier, later], [error, earlier, warning, error, later], [later, warning, earlier, error]] {
            #expect(Workspace.diagnostics(problems: problems, documents: []) == expected, "\(problems.map(\.formatted))")
        }
    }

    @Test("extract reports a problem of an include two documents share once, after every model")
    func extractSharedIncludeOnce() throws {
        let directory = try TemporaryDirectory.sharedBrokenInclude()
        let result = runStepwise(["extract", directory.url.appendingPathComponent("content").path])
        #expect(result.status == 1)
        let models = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(models.map { $0["title"] as? String } == ["a", "b"])
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("shared.md:3:1: error:") && lines[0].hasSuffix("[include-missing]"), "\(lines)")
    }
}

extension TemporaryDirectory {
    /// `content/en-us/articles/a.md` and `b.md`, each including `includes/shared.md`, whose own
    /// include (`gone-part.md`, line 3) is missing: one problem two documents share.
    static func sharedBrokenInclude() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("content/en-us/includes/shared.md", "Shared part.\n\n[!INCLUDE [gone](gone-part.md)]\n")
        for name in ["a", "b"] {
            try directory.write("content/en-us/articles/\(name).md", "# \(name)\n\n[!INCLUDE [shared](../includes/shared.md)]\n")
        }
        return directory
    }
}
