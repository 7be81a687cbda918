import Localization
import StepwiseDiagnostics
import TutorialModel

extension CheckCache.Outcome {
    /// The report, exactly a full run's: every share decoded (on all cores) and merged, with the run's
    /// own findings and the alignments of the documents checked now. Throws a `DecodingError` when a
    /// stored share cannot be decoded.
    func report() throws -> CheckReport {
        report(try parts())
    }

    /// Every share decoded (on all cores), in merge order; throws a `DecodingError` when a stored
    /// share cannot be decoded.
    func parts() throws -> [CheckReport] {
        try shares.concurrentMap { $0.part ?? $0.share.value }.map { part in
            guard let part else { throw CacheByteReader.damaged }
            return part
        }
    }

    /// The report merged from `parts` (the shares decoded, see `parts()`).
    func report(_ parts: [CheckReport]) -> CheckReport {
        var report = CheckReport.merged(parts)
        report.alignments = alignments
        if !run.isEmpty {
            report.add(run)
            report.checkedFiles.formUnion(run.map(\.path))
        }
        return report
    }

    /// Each document's dependency key by the name its links go by (`DocumentLinks.document`): what
    /// the link cache keeps its findings under. `parts` are the shares decoded (see `parts()`).
    func linkDependencyKeys(_ parts: [CheckReport]) -> [String: String] {
        var keys: [String: String] = [:]
        for (share, part) in zip(shares, parts) {
            for links in part.links { keys[links.document] = share.dependencyKey }
        }
        return keys
    }

    /// What a build whose pages about the whole site are kept reads of the report: the links of every
    /// document (sorted by document, as the merged report has them: only that part of each stored
    /// share is decoded) and the alignments of the documents checked now; no findings.
    func linksReport() throws -> CheckReport {
        let links = shares.concurrentMap { entry in entry.part?.links ?? entry.share.decoded(as: Links.self)?.links }
        var report = CheckReport.merged([])
        report.links = try links.flatMap { links in
            guard let links else { throw CacheByteReader.damaged }
            return links
        }.sorted { $0.document < $1.document }
        report.alignments = alignments
        return report
    }

    /// The links of a share, decoded alone.
    private struct Links: Decodable {
        var links: [DocumentLinks]
    }
}
