import Foundation
import StepwiseWorkspace
import TutorialModel

/// The pages' "updated" dates from git (`lastUpdated: git`): for each document, the day of the last
/// commit that changed it or one of its includes, read from one `git log` over the content root.
/// Outside a git repository (or without git) there are none, and pages show their `ms.date`.
enum GitDates {
    /// Document (`source`) → `YYYY-MM-DD`; empty unless the configuration asks for git dates.
    static func lastUpdated(_ workspace: Workspace) -> [String: String] {
        lastUpdated(workspace.configuration, contentRoot: workspace.contentRoot, root: workspace.root, rows: workspace.tutorials.map(DriftRow.init))
    }

    /// The dates of the documents of `rows` (each with the files it reads: itself and its includes).
    static func lastUpdated(_ configuration: ProjectConfiguration, contentRoot: URL?, root: URL, rows: [DriftRow]) -> [String: String] {
        guard configuration.lastUpdated == .git, let content = contentRoot else { return [:] }
        let files = lastChanged(under: content, root: root)
        var dates: [String: String] = [:]
        for row in rows {
            if let last = row.files.compactMap({ files[$0] }).max() { dates[row.document] = last }
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
        // git names files relative to the repository's top: the root's place there (or the top's below
        // the root), resolved once, is the prefix to drop or add (no file-system call per line).
        let topPath = URL(fileURLWithPath: top, isDirectory: true).standardizedFileURL.resolvingSymlinksInPath().path
        let rootPath = root.standardizedFileURL.resolvingSymlinksInPath().path
        var prefix = "", added = ""
        if rootPath.hasPrefix(topPath + "/") {
            prefix = String(rootPath.dropFirst(topPath.count + 1)) + "/"
        } else if topPath.hasPrefix(rootPath + "/") {
            added = String(topPath.dropFirst(rootPath.count + 1)) + "/"
        } else if rootPath != topPath {
            return [:]
        }
        var days: [String: String] = [:]
        var day = ""
        // Newest first: a file's first mention is its last change.
        for line in log.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.first == "\u{1}" {
                day = String(line.dropFirst())
                continue
            }
            guard line.hasPrefix(prefix) else { continue }
            let relative = added + line.dropFirst(prefix.count)
            if days[relative] == nil { days[relative] = day }
        }
        return days
    }
}
