import Foundation
@testable import StepwiseCommands
import StepwiseTestSupport
import Synchronization
import Testing

/// A build's last writes (the site cache, once the site is swapped in) finish on another thread while
/// the build reports (`BuildAction.run(reporting:)`): the build returns only once they are done.
@Suite struct BuildFinishingTests {
    struct Stop: Error {}

    @Test("a build reports while its cache is saved: an error of the report is thrown once the cache is whole, and the next build keeps every page")
    func reportsWhileSaving() throws {
        let project = try SiteProject()
        let action = BuildAction(root: project.folder.url)
        var reported: BuildOutcome?
        #expect(throws: Stop.self) {
            try action.run { outcome in
                reported = outcome
                throw Stop()
            }
        }
        let first = try #require(reported?.summary)
        #expect(first.kept == 0, "a cold build")
        #expect(FileManager.default.fileExists(atPath: project.folder.url.appendingPathComponent(".stepwise/cache/site/index.bin").path))
        let second = try #require(action.run().summary)
        #expect(second.pages == first.pages)
        #expect(second.kept == second.pages, "every page kept: the cache the first build saved is whole")
    }

    @Test("the work started to finish a build is all done once it is waited for", arguments: [1, 8, 64])
    func waitsForAll(count: Int) {
        let finishing = BuildFinishing()
        let done = Mutex<[Int]>([])
        for index in 0..<count {
            finishing.start {
                Thread.sleep(forTimeInterval: 0.001)
                done.withLock { $0.append(index) }
            }
        }
        finishing.wait()
        #expect(done.withLock { $0 }.sorted() == Array(0..<count))
    }
}
