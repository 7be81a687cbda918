import DocFXDialect
import Foundation
import Localization
import StepwiseDiagnostics

/// The documents a change touched since a git revision: those whose file, includes or referenced
/// code files changed, and
/// every translation and edition of a source that changed. Their sources are read too, but only to
/// compare against.
struct ChangeScope {
    var changed: Set<String>

    /// The files changed (or added) since `revision` in the git work tree around `directory`.
    static func since(_ revision: String, around path: String) throws -> ChangeScope {
        var isDirectory: ObjCBool = false
        let url = URL(fileURLWithPath: path)
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        let directory = exists && !isDirectory.boolValue ? url.deletingLastPathComponent() : url
        let top = try Git.run(["rev-parse", "--show-toplevel"], in: directory).trimmingCharacters(in: .whitespacesAndNewlines)
        let tracked = try Git.run(["diff", "--name-only", revision, "--"], in: directory)
        let untracked = try Git.run(["ls-files", "--others", "--exclude-standard", "--full-name"], in: directory)
        let paths = (tracked + "\n" + untracked).split(separator: "\n").map {
            URL(fileURLWithPath: top).appendingPathComponent(String($0)).standardizedFileURL.path
        }
        return ChangeScope(changed: Set(paths))
    }

    /// The documents to check among `documents`: those touched, and every variant of a touched source.
    /// (Their sources are read by the workspace, to compare against.)
    func select(_ documents: [URL], selection: SourceSelection) -> [URL] {
        let facts = documents.concurrentMap { DocumentFacts(url: $0) }
        var reported = Set(facts.filter(isTouched).map(\.url))
        let changedSources = facts.filter { reported.contains($0.url) && $0.isSource(selection) }
        let sourcesByPath = Dictionary(grouping: changedSources, by: \.tutorialPath)
        let sourcesByAsset = Dictionary(grouping: changedSources.filter { $0.assetID != nil }, by: { $0.assetID ?? "" })
        for fact in facts where !reported.contains(fact.url) {
            let candidates = (fact.assetID.flatMap { sourcesByAsset[$0] } ?? []) + (sourcesByPath[fact.tutorialPath] ?? [])
            if candidates.contains(where: fact.isVariant(of:)) { reported.insert(fact.url) }
        }
        return documents.filter(reported.contains)
    }

    private func isTouched(_ document: DocumentFacts) -> Bool {
        changed.contains(document.url.standardizedFileURL.path) || !changed.isDisjoint(with: document.codeFiles)
            || changed.contains { path in
                path.contains("/includes/") && document.includes.contains(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
            }
    }
}
