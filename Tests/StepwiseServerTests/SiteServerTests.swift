import Foundation
import StepwiseCommands
import StepwiseServer
import StepwiseTestSupport
import Synchronization
import Testing

/// `stepwise serve` driven over loopback: a real socket, the real build, a real edit of a file.
@Suite(.serialized, .timeLimit(.minutes(10))) struct SiteServerTests {
    @Test("an edited Markdown file is rebuilt, announced by a reload event, and served with its new text")
    func editReloads() async throws {
        let project = try ServeProject()
        try await project.serving { session in
            let before = try await session.get(ServeProject.page)
            #expect(before.status == 200)
            #expect(before.body.contains("The first version of this page."))
            let events = try await session.events()
            try project.write(paragraph: "The second version, written while serving.")
            try await events.wait(for: "event: reload\n", seconds: 300)
            let after = try await session.get(ServeProject.page)
            #expect(after.body.contains("The second version, written while serving."))
            #expect(!after.body.contains("The first version of this page."))
            #expect(session.lines.first?.hasPrefix("Serving http://127.0.0.1:\(session.port)/") == true, "\(session.lines)")
            #expect(session.lines.contains { $0.hasPrefix("Changed: content/en-us/articles/hello/hello-world.md") }, "\(session.lines)")
        }
    }

    @Test("a one-page edit rebuilds through the library's build action and the cache: the other page is kept, not rendered again")
    func editRebuildsOnlyThePage() async throws {
        let project = try ServeProject()
        try project.folder.write("content/en-us/articles/hello/second.md", "---\ntitle: Second\nms.date: 11/25/2026\n---\n# Second\n\nAnother page.\n")
        try await project.serving { session in
            let first = try #require(session.builds.first?.summary)
            #expect(first.kept == 0 && first.tutorialPages.count == 2)
            try project.write(paragraph: "Edited alone.")
            try await session.waitForBuilds(2)
            let rebuilt = try #require(session.builds[1].summary, "\(session.lines)")
            #expect(rebuilt.tutorialPages.count == 2)
            #expect(rebuilt.kept >= 1, "the unchanged page is kept: \(rebuilt.line)")
            #expect(session.lines.contains { $0.hasPrefix("cache: 1 of 2 documents checked again") }, "\(session.lines)")
            #expect(try await session.get(ServeProject.page).body.contains("Edited alone."))
        }
    }

    @Test("served HTML has the live-reload script; the site on disk is the one stepwise build writes")
    func scriptOnlyInServedHTML() async throws {
        let project = try ServeProject()
        try await project.serving { session in
            let served = try await session.get(ServeProject.page)
            #expect(served.headers["content-type"] == "text/html; charset=utf-8")
            #expect(served.body.contains("new EventSource(\"/__stepwise/events\")"))
            let css = try await session.get("/assets/site.css")
            #expect(css.headers["content-type"] == "text/css; charset=utf-8")
            #expect(!css.body.contains("EventSource"))
        }
        let onDisk = try String(contentsOf: project.site.appendingPathComponent(ServeProject.page), encoding: .utf8)
        #expect(!onDisk.contains("__stepwise"))
        let built = try ServeProject()
        let result = runStepwise(["build", "--root", built.root.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(try files(in: project.site) == (try files(in: built.site)))
    }

    @Test("an unknown path gets the site's 404 page with status 404; a folder its index.html")
    func notFoundAndIndex() async throws {
        let project = try ServeProject()
        try await project.serving { session in
            let missing = try await session.get("/en-us/articles/hello/no-such-page.html")
            #expect(missing.status == 404)
            let notFoundPage = try String(contentsOf: project.site.appendingPathComponent("404.html"), encoding: .utf8)
            let title = try #require(notFoundPage.firstRange(of: "<title>").map { String(notFoundPage[$0.lowerBound...].prefix(40)) })
            #expect(missing.body.contains(title))
            let index = try await session.get("/")
            #expect(index.status == 200)
            #expect(index.body.contains("hello-world.html"))
            let folder = try await session.get("/assets")
            #expect(folder.status == 301)
            #expect(folder.headers["location"] == "/assets/")
        }
    }

    @Test("the 404 page served at any depth links to files the server has: its stylesheet, scripts, header, footer and home")
    func notFoundLinksResolve() async throws {
        let project = try ServeProject()
        try await project.serving { session in
            let missing = try await session.get("/en-us/articles/hello/deeper/no-such-page.html")
            #expect(missing.status == 404)
            let links = Self.links(missing.body).filter { $0 != "#main" && !$0.hasPrefix("/__stepwise/") }
            #expect(links.count >= 8 && links.allSatisfy { $0.hasPrefix("/") }, "\(links)")
            for link in links {
                let reply = try await session.get(link)
                #expect(reply.status == 200, "\(link): \(reply.status)")
            }
        }
    }

    @Test("a site published below a path (siteURL https://example.org/docs/): the file links from /docs/, the 404 page served links from /")
    func notFoundBelowAPath() async throws {
        let project = try ServeProject()
        try project.folder.write("stepwise.yml", "defaultLocale: en-us\nsiteURL: https://example.org/docs/\n")
        try await project.serving { session in
            let missing = try await session.get("/en-us/no-such-page.html")
            #expect(missing.status == 404)
            let onDisk = try String(contentsOf: project.site.appendingPathComponent("404.html"), encoding: .utf8)
            #expect(onDisk.contains(#"<a href="/docs/">"#) && onDisk.contains(#"href="/docs/assets/site.css""#), "the file is what `stepwise build` writes")
            #expect(missing.body.contains(#"<a href="/">"#) && missing.body.contains(#"href="/assets/site.css""#))
            for link in Self.links(missing.body) where link.hasPrefix("/") && !link.hasPrefix("/__stepwise/") {
                #expect(try await session.get(link).status == 200, "\(link)")
            }
        }
    }

    /// Every `href` and `src` of a page.
    static func links(_ html: String) -> [String] {
        html.matches(of: /(?:href|src)="([^"]*)"/).map { String($0.output.1) }
    }

    @Test("paths that leave the site folder or name hidden files are refused, percent-encoded too")
    func traversalRefused() async throws {
        let project = try ServeProject()
        try await project.serving { session in
            for target in [
                "/../secret.txt", "/en-us/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt",
                "/en-us/..%2f..%2fsecret.txt", "/assets/%2e%2e/%2e%2e/secret.txt", "/..%5csecret.txt", "/.stepwise/cache",
            ] {
                let reply = try await session.get(target)
                #expect(reply.status == 400, "\(target): \(reply.status)")
                #expect(!reply.body.contains(ServeProject.secret), "\(target) served the file")
            }
        }
    }

    @Test("a failed rebuild keeps serving the previous site and prints its problems (and sends them to open pages); the next good one reloads")
    func failedRebuild() async throws {
        let project = try ServeProject()
        try await project.serving { session in
            let events = try await session.events()
            try project.folder.write("stepwise.yml", "defaultLocal: en-us\n")
            try await session.waitForBuilds(2)
            #expect(session.builds[1].status == 2)
            #expect(session.lines.contains { $0.hasPrefix("stepwise.yml:1:1: error: unknown key") }, "\(session.lines)")
            #expect(session.lines.contains { $0.hasPrefix("Build failed") })
            try await events.wait(for: "event: problems\ndata: stepwise.yml:1:1: error: unknown key", seconds: 60)
            let late = try await session.events()
            try await late.wait(for: "event: problems\ndata: stepwise.yml:1:1: error: unknown key", seconds: 60)
            let kept = try await session.get(ServeProject.page)
            #expect(kept.status == 200)
            #expect(kept.body.contains("The first version of this page."))
            // The page first: whenever the watcher looks, a build that succeeds has both changes.
            try project.write(paragraph: "Fixed and rebuilt.")
            try project.folder.write("stepwise.yml", "defaultLocale: en-us\nsiteURL: https://docs.example.org/\n")
            try await events.wait(for: "event: reload\n", seconds: 300)
            #expect(try await session.get(ServeProject.page).body.contains("Fixed and rebuilt."))
        }
    }

    @Test("served as these tests serve it (on OffPoolExecutor), the server answers and rebuilds while every thread of the shared concurrency pool computes, as synchronous tests beside it do")
    func answersWithThePoolBlocked() async throws {
        let project = try ServeProject()
        try await project.serving { session in
            let blocked = PoolBlocker()
            defer { blocked.release() }
            try await blocked.occupyEveryThread()
            let page = try await session.get(ServeProject.page)
            #expect(page.status == 200 && page.body.contains("The first version of this page."))
            try project.write(paragraph: "Rebuilt while the pool is blocked.")
            try await session.waitForBuilds(2, seconds: 120)
            #expect(try await session.get(ServeProject.page).body.contains("Rebuilt while the pool is blocked."))
            #expect(blocked.stillBlocked, "the pool was kept computing the whole time")
        }
    }

    private func files(in root: URL) throws -> [String: Data] {
        try RepositoryFiles.tree(at: root)
    }
}

/// Runs `stepwise` in this process and returns its status and output.
func runStepwise(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
    let output = Mutex(""), error = Mutex("")
    let console = Console(output: { text in output.withLock { $0 += text } }, error: { text in error.withLock { $0 += text } })
    let status = Console.$current.withValue(console) { Stepwise.run(arguments: arguments) }
    return (status, output.withLock { $0 }, error.withLock { $0 })
}

/// Keeps every thread of Swift's shared concurrency pool (as wide as the machine has cores) busy until
/// released. Busy, not waiting: the pool (libdispatch's own on Linux) adds a thread when one of its
/// threads sleeps, not when they all compute — as the synchronous tests that run `stepwise` do.
final class PoolBlocker: Sendable {
    private let started = Atomic(0)
    private let ended = Atomic(0)
    private let released = Atomic(false)
    private let width = ProcessInfo.processInfo.activeProcessorCount

    /// Starts one computing task per pool thread and returns once all of them have started. A caller
    /// that itself needs the pool gets here only once they have given up (after two minutes).
    func occupyEveryThread(seconds: Double = 300) async throws {
        let priority = Task.currentPriority
        for _ in 0..<width {
            Task.detached(priority: priority) { [self] in
                started.add(1, ordering: .sequentiallyConsistent)
                let end = ContinuousClock.now + .seconds(120)
                while !released.load(ordering: .acquiring) && ContinuousClock.now < end { sched_yield() }
                ended.add(1, ordering: .sequentiallyConsistent)
            }
        }
        let deadline = Date().addingTimeInterval(seconds)
        while started.load(ordering: .sequentiallyConsistent) < width {
            guard Date() < deadline else { throw LoopbackError.timedOut("\(width) busy tasks to start") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// True while every busy task still holds its thread.
    var stillBlocked: Bool { ended.load(ordering: .sequentiallyConsistent) == 0 }

    func release() {
        released.store(true, ordering: .releasing)
    }
}
