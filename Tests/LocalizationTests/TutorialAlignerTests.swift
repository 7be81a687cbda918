import Foundation
import Localization
import StepwiseTestSupport
import Testing
import TutorialModel

@Suite struct TutorialAlignerTests {
    @Test("a translation that drops one sample: exactly one missing, the rest still paired in order")
    func droppedSample() throws {
        let directory = try TemporaryDirectory()
        let english = try String(contentsOf: RepositoryFiles.seed("000"), encoding: .utf8)
        let lines = english.components(separatedBy: "\n")
        // Lines 319-321 hold the `using` sample of NotificationsController.cs (a fenced block at 318-322).
        #expect(lines[318].contains("using"))
        let dropped = Array(lines[..<317]) + Array(lines[322...])
        let path = "articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"
        let source = try directory.write("content/en-us/" + path, english)
        let target = try directory.write("content/de-de/" + path, dropped.joined(separator: "\n"))
        let root = directory.url.appendingPathComponent("content")
        let alignment = TutorialAligner().align(
            source: SeedCheck.load(source, contentRoot: root).tutorial, target: SeedCheck.load(target, contentRoot: root).tutorial)
        let missing = alignment.samples.filter { $0.verdict.classification == .missing }
        #expect(missing.map { $0.source?.line } == [319])
        #expect(alignment.samples.filter { $0.verdict.classification == .identical }.count == alignment.samples.count - 1)
        let later = try #require(alignment.samples.first { $0.source?.line == 329 })
        #expect(later.target?.line == 324, "pairing shifts with the removed lines instead of going by index")
    }

    @Test("sections and steps of German pair with the English ones by anchors, not prose")
    func germanSections() throws {
        let alignment = SeedCheck.alignment("004")
        let modify = try #require(alignment.sections.first { $0.source?.title == "Modify your iOS app" })
        #expect(modify.target?.title == "Ändern der iOS-App")
        let test = try #require(alignment.sections.first { $0.source?.title == "Test the Application" })
        #expect(test.target?.title == "Testen der Anwendung")
        #expect(alignment.steps.contains { $0.source?.line == 788 && $0.target?.line == 418 })
    }
}
