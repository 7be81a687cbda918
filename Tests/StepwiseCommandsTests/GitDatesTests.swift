import Foundation
import StepwiseTestSupport
import Testing

/// `lastUpdated: git`: a page is dated by the last commit that changed its document or an include;
/// without the setting, or outside a repository, by its `ms.date`.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"))) struct GitDatesTests {
    private func git(_ arguments: [String], in folder: URL, date: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-c", "user.name=T", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false"] + arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        if let date { environment["GIT_COMMITTER_DATE"] = date; environment["GIT_AUTHOR_DATE"] = date }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "git \(arguments)")
    }

    private func updated(_ folder: TemporaryDirectory) throws -> String {
        let page = try String(contentsOf: folder.url.appendingPathComponent("generated/site/en-us/articles/a.html"), encoding: .utf8)
        return String(try #require(page.firstMatch(of: /<time datetime="([0-9-]+)">/)?.output.1))
    }

    @Test("the last commit of the document or its includes dates the page; ms.date otherwise")
    func dates() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(at: RepositoryFiles.root.appendingPathComponent("templates"), to: folder.url.appendingPathComponent("templates"))
        _ = try folder.write("stepwise.yml", "defaultLocale: en-us\nlastUpdated: git\n")
        _ = try folder.write("content/en-us/articles/a.md", "---\ntitle: A\nms.date: 01/02/2016\n---\n# A\n\n[!INCLUDE [p](../includes/p.md)]\n")
        _ = try folder.write("content/en-us/includes/p.md", "Included.\n")
        // Not yet a repository: the ms.date.
        #expect(runStepwise(["build", "--root", folder.url.path]).status == 0)
        #expect(try updated(folder) == "2016-01-02")
        try git(["init", "-q"], in: folder.url)
        try git(["add", "content"], in: folder.url)
        try git(["commit", "-q", "-m", "first"], in: folder.url, date: "2024-03-05T12:00:00+00:00")
        #expect(runStepwise(["build", "--root", folder.url.path]).status == 0)
        #expect(try updated(folder) == "2024-03-05")
        // A later change to the include only: the page is newer too (and the cached page is not kept).
        _ = try folder.write("content/en-us/includes/p.md", "Included, changed.\n")
        try git(["commit", "-q", "-am", "include"], in: folder.url, date: "2025-06-07T12:00:00+00:00")
        #expect(runStepwise(["build", "--root", folder.url.path]).status == 0)
        #expect(try updated(folder) == "2025-06-07")
        // A later commit that changes nothing of the page's files leaves its date.
        _ = try folder.write("content/en-us/articles/other.md", "# Other\n")
        try git(["add", "content"], in: folder.url)
        try git(["commit", "-q", "-m", "other"], in: folder.url, date: "2026-01-01T12:00:00+00:00")
        #expect(runStepwise(["build", "--root", folder.url.path]).status == 0)
        #expect(try updated(folder) == "2025-06-07")
        // Without the setting, the metadata's date, repository or not.
        _ = try folder.write("stepwise.yml", "defaultLocale: en-us\n")
        #expect(runStepwise(["build", "--root", folder.url.path]).status == 0)
        #expect(try updated(folder) == "2016-01-02")
        // A wrong value is a configuration error with its place.
        _ = try folder.write("stepwise.yml", "defaultLocale: en-us\nlastUpdated: svn\n")
        let wrong = runStepwise(["build", "--root", folder.url.path])
        #expect(wrong.status != 0 && wrong.error.contains("stepwise.yml:2:") && wrong.error.contains("lastUpdated must be one of: metadata, git"), "\(wrong.error)")
    }

    @Test("a repository that holds only content/, or the project below its top, dates the pages alike")
    func repositoryPlaces() throws {
        for layout in ["content", "outer"] {
            let outer = try TemporaryDirectory()
            let project = layout == "outer" ? outer.url.appendingPathComponent("docs/site") : outer.url
            let folder = project.path
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: RepositoryFiles.root.appendingPathComponent("templates"), to: project.appendingPathComponent("templates"))
            try "defaultLocale: en-us\nlastUpdated: git\n".write(to: project.appendingPathComponent("stepwise.yml"), atomically: true, encoding: .utf8)
            let article = project.appendingPathComponent("content/en-us/articles/a.md")
            try FileManager.default.createDirectory(at: article.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "---\ntitle: A\nms.date: 01/02/2016\n---\n# A\n\nText.\n".write(to: article, atomically: true, encoding: .utf8)
            let repository = layout == "content" ? project.appendingPathComponent("content") : outer.url
            try git(["init", "-q"], in: repository)
            try git(["add", "."], in: repository)
            try git(["commit", "-q", "-m", "first"], in: repository, date: "2024-03-05T12:00:00+00:00")
            #expect(runStepwise(["build", "--root", folder]).status == 0, "\(layout)")
            let page = try String(contentsOf: project.appendingPathComponent("generated/site/en-us/articles/a.html"), encoding: .utf8)
            #expect(page.contains("<time datetime=\"2024-03-05\">"), "\(layout)")
        }
    }
}
