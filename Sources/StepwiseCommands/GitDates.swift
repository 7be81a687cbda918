import Foundation
import StepwiseWorkspace
import TutorialModel

/// The pages' "updated" dates from git (`lastUpdated: git`): for each document, the day of the last
/// commit that changed it or one of its includes, read from one `git log` over the content root.
/// Outside a git repository (or without git) there are none, and pages show their `ms.date`.
enum GitDates {
    /// Document (`source`) → `YYYY-MM-DD`; empty unless the configuration asks for git dates.
    static func lastUpdated(_ workspace: Workspace) -> [String: String] {
        guard workspace.configuration.lastUpdated == .git, let content = workspace.contentRoot else { return [:] }
        let files = lastChanged(under: content, root: workspace.root)
        var dates: [String: String] = [:]
        for tutorial in workspace.tutorials {
            let days = ([tutorial.source] + tutorial.includes.map(\.resolvedTo)).compactMap { files[$0] }
            if let last = days.max() { dates[tutorial.source] = last }
        }
        return dates
    }

    /// Every file under `folder` that git has history for → the day of its last commit, by its path
    /// relative to `root` (how documents name their files).
    static func lastChanged(under folder: URL, root: URL) -> [String: String] {
        guard let top = try? Git.run(["rev-parse", "--show-toplevel"], in: folder).trimmingCharacters(in: .whitespacesAndNewlines),
              !top.isEmpty,
              let log = try? Git.run(["-c", "core.quotepath=off", "log", "--format=%x01%cs", "--name-only", "--no-renames", "--", "."], in: folder)
        else { return [:] }
        let prefix = root.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        let topURL = URL(fileURLWithPath: top, isDirectory: true)
        var days: [String: String] = [:]
        var day = ""
        // Newest first: a file's first mention is its last change.
        for line in log.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.first == "\u{1}" {
                day = String(line.dropFirst())
                continue
            }
            let path = topURL.appendingPathComponent(String(line)).standardizedFileURL.resolvingSymlinksInPath().path
            guard path.hasPrefix(prefix) else { continue }
            let relative = String(path.dropFirst(prefix.count))
            if days[relative] == nil { days[relative] = day }
        }
        return days
    }
}
