import DocFXDialect
import Foundation
@testable import StepwiseCommands
import StepwiseTestSupport
import Testing

/// The sign of an edit a check reads before it stamps the stored run's files again
/// (`CheckCache.Plan.fewMarkdownFilesChanged`): it then decodes the stored shares while it decides
/// which are kept. Only the size and time of the run's Markdown files are compared.
@Suite struct EditSignTests {
    /// A folder of `count` Markdown files, dated an hour back, with a listing and the stored index
    /// of a run that read them as they are.
    static func folder(_ count: Int) throws -> (folder: TemporaryDirectory, files: [String], index: CheckCache.Index) {
        let folder = try TemporaryDirectory()
        let root = StandardPath.standardized(path: folder.url.path)
        let files = (0..<count).map { root + "/page-\($0).md" }
        for path in files {
            try "# Page\n".write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: path)
        }
        let listing = RunRecord.Listing([root])
        let index = CheckCache.Index(key: "key", documents: files, assets: "", files: listing.stamps, absent: [], generations: [])
        return (folder, files, index)
    }

    @Test("at most `limit` Markdown files new or of another size or time since the stored run: an edit")
    func counted() throws {
        let (folder, files, index) = try Self.folder(5)
        // The folder is removed when let go: held to the end.
        defer { withExtendedLifetime(folder) {} }
        let plan = CheckCache.Plan(files: files)
        #expect(plan.fewMarkdownFilesChanged(listing: RunRecord.Listing([(files[0] as NSString).deletingLastPathComponent]), stored: index, limit: 0))
        // Two pages edited (another time), one of them longer too.
        try "# Page, edited\n".write(toFile: files[1], atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: files[3])
        let edited = RunRecord.Listing([(files[0] as NSString).deletingLastPathComponent])
        #expect(plan.fewMarkdownFilesChanged(listing: edited, stored: index, limit: 2))
        #expect(!plan.fewMarkdownFilesChanged(listing: edited, stored: index, limit: 1))
        // A page the stored run did not read counts as changed.
        var smaller = index
        smaller.files[files[4]] = nil
        #expect(!plan.fewMarkdownFilesChanged(listing: edited, stored: smaller, limit: 2))
        #expect(plan.fewMarkdownFilesChanged(listing: edited, stored: smaller, limit: 3))
    }
}
