import Foundation
import StepwiseTestSupport
import Testing

/// `stepwise build` killed with SIGKILL at many points while it replaces the site: `generated/site`
/// is always one complete site, the old one or the new one, never missing or mixed, and the next
/// build removes what the killed runs left.
@Suite struct KilledBuildTests {
    /// Starts a build of `project` and kills it after `delay` seconds (if it is still running);
    /// returns true when the kill landed before the build finished.
    private func build(_ project: SiteProject, killAfter delay: TimeInterval, executable: URL) throws -> Bool {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["build", "--root", project.folder.url.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(delay)
        while process.isRunning && Date() < deadline {
            Thread.sleep(forTimeInterval: min(0.005, max(0, deadline.timeIntervalSinceNow)))
        }
        let killed = process.isRunning
        if killed { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return killed && process.terminationReason == .uncaughtSignal
    }

    @Test("a build killed at 14 points always leaves a complete old or new site", .enabled(if: Products.stepwise != nil))
    func killedBuilds() throws {
        let executable = try #require(Products.stepwise)
        let project = try SiteProject()
        let head = project.folder.url.appendingPathComponent("templates/head.mustache")
        let original = try String(contentsOf: head, encoding: .utf8)
        let versions = [original, original + "\n<!-- second version of the templates -->\n"]
        // The two complete sites, and how long a whole build takes.
        var sites: [[String: Data]] = []
        var duration: TimeInterval = .infinity
        for version in versions {
            try version.write(to: head, atomically: true, encoding: .utf8)
            let start = Date()
            #expect(try !build(project, killAfter: 120, executable: executable))
            duration = min(duration, Date().timeIntervalSince(start))
            sites.append(try SiteProject.files(in: project.site))
        }
        #expect(sites[0] != sites[1] && !sites[0].isEmpty)
        // 14 kill points from 5% to 100% of the faster build. A run that finished before its kill (the
        // machine is less busy than when it was timed, or other tests finished) is retried with the
        // estimate shortened, up to 42 runs in all, so every point lands whatever the load.
        var kills = 0
        var estimate = duration
        for attempt in 0..<42 where kills < 14 {
            try versions[attempt % 2].write(to: head, atomically: true, encoding: .utf8)
            let delay = estimate * (0.05 + 0.073 * Double(kills))
            if try build(project, killAfter: delay, executable: executable) {
                kills += 1
            } else {
                estimate *= 0.8
            }
            let site = try SiteProject.files(in: project.site)
            #expect(site == sites[0] || site == sites[1], "killed after \(delay) s: the site is complete, old or new")
        }
        #expect(kills == 14, "every kill point landed during a build")
        #expect(try !build(project, killAfter: 120, executable: executable))
        let left = try FileManager.default.contentsOfDirectory(atPath: project.folder.url.appendingPathComponent("generated").path)
        #expect(!left.contains { $0.hasPrefix("tmp-") }, "the next build removed the killed runs' folders: \(left)")
    }
}
