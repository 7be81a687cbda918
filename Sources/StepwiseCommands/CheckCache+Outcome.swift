import Localization
import Synchronization
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
    /// share cannot be decoded. `omittingLinks`: the stored shares' links are left out (each
    /// document's anchors kept), for a run whose link check reads them back only for the documents it
    /// checks again (`linkRestorer`): most of a stored share's bytes, and of what a warm run decodes.
    func parts(omittingLinks: Bool = false) throws -> [CheckReport] {
        // Each part copied once, into the array returned (not into optionals first, then unwrapped).
        let damaged = Atomic<Bool>(false)
        let parts = shares.concurrentMap { entry -> CheckReport in
            if let part = entry.part ?? (omittingLinks ? entry.share.reportOmittingLinks : entry.share.value) { return part }
            damaged.store(true, ordering: .relaxed)
            return CheckReport(findings: [], alignments: [], staleness: [:], documents: 0, files: 0)
        }
        if damaged.load(ordering: .relaxed) { throw CacheByteReader.damaged }
        return parts
    }

    /// `parts()`, for a run that reads no share again (no `linkRestorer`): each share's bytes are let
    /// go once it is decoded, on the core that decoded it, so that a corpus's shares (a cold check's
    /// hundred megabytes and more) are not held beside their decoded parts to the run's end; so are
    /// their dependencies' paths (tens of megabytes: each share names its source, includes and media).
    /// The entries keep their dependency keys and fingerprints. Throws as `parts()`, the shares let go.
    mutating func takeParts() throws -> [CheckReport] {
        // Moved out, so that each entry's bytes are held by this array alone (and a copy made below).
        var taken: [CheckCache.Entry] = []
        swap(&taken, &shares)
        defer { swap(&taken, &shares) }
        let parts = taken.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let entries = buffer
            // One writer per index: each entry is read and emptied by the worker that decodes it.
            return Array(entries.indices).concurrentMap { index -> CheckReport? in
                let part = entries[index].part ?? entries[index].share.value
                entries[index].share.release()
                entries[index].part = nil
                entries[index].dependencies = CheckCache.Dependencies([:])
                return part
            }
        }
        return try parts.map { part in
            guard let part else { throw CacheByteReader.damaged }
            return part
        }
    }

    /// Gives back its links to a document of `parts` whose share was decoded without them (see
    /// `parts(omittingLinks:)`), read from that share; any other document as it is.
    func linkRestorer(_ parts: [CheckReport]) -> LinkRestorer {
        // By index: each part read in place (a closure given each part copied it).
        linkRestorer(documents: parts.indices.map { parts[$0].links.map(\.document) })
    }

    /// The restorer of a report whose links were all read: every document as it is.
    static let keepsLinks: LinkRestorer = { $0 }

    /// `linkRestorer` given the documents whose links each share holds, in the order of `shares`.
    private func linkRestorer(documents: [[String]]) -> LinkRestorer {
        var owners: [String: Int] = [:]
        for index in shares.indices where shares[index].part == nil || shares[index].linksOmitted {
            for document in documents[index] { owners[document] = index }
        }
        let (owner, stored) = (owners, owners.isEmpty ? [] : shares.indices.map { shares[$0].share })
        return { document in
            guard let index = owner[document.document] else { return document }
            // Its bytes were read whole for the rest of the share (the file is checksummed): they hold its links.
            return stored[index].decoded(as: Links.self)?.links.first { $0.document == document.document } ?? document
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
        // By index: a share's entry and part read in place, not copied whole.
        for index in parts.indices {
            for place in parts[index].links.indices { keys[parts[index].links[place].document] = shares[index].dependencyKey }
        }
        return keys
    }

    /// What a build whose pages about the whole site are kept reads of the report: the links of every
    /// document (sorted by document, as the merged report has them: only that part of each stored
    /// share is decoded) and the alignments of the documents checked now; no findings.
    /// Each stored document's links are left out, as `parts(omittingLinks:)` leaves them: `restore`
    /// gives them back.
    func linksReport() throws -> (report: CheckReport, restore: LinkRestorer) {
        let links = try shares.concurrentMap { entry in entry.part?.links ?? entry.share.decoded(as: AnchorsOnly.self)?.links.map(\.links) }.map { links in
            guard let links else { throw CacheByteReader.damaged }
            return links
        }
        var report = CheckReport.merged([])
        report.links = links.flatMap { $0 }.sorted { $0.document < $1.document }
        report.alignments = alignments
        return (report, linkRestorer(documents: links.map { $0.map(\.document) }))
    }

    /// The links of a share, decoded alone (read from the cache's bytes directly: see `CacheReadable`).
    struct Links: Decodable {
        var links: [DocumentLinks]
    }

    /// The links of a share without each document's links (see `parts(omittingLinks:)`): what a
    /// build after an edit reads of every kept share (read from the cache's bytes directly).
    struct AnchorsOnly: Decodable {
        var links: [Document]

        struct Document: CacheReadable {
            var links: DocumentLinks

            init(cache reader: inout CacheByteReader) throws {
                links = try DocumentLinks(cache: &reader, omittingLinks: true)
            }

            init(from decoder: any Decoder) throws {
                var links = try DocumentLinks(from: decoder)
                links.links = []
                self.links = links
            }
        }
    }
}

/// Gives a document read without its links (see `CheckCache.Outcome.parts(omittingLinks:)`) its links
/// back; any other document as it is.
typealias LinkRestorer = @Sendable (DocumentLinks) -> DocumentLinks

extension CachedValue where Value == CheckReport {
    /// The report with each document's links left out (see `CheckReport.init(cache:omittingLinks:)`);
    /// nil when the bytes are damaged.
    var reportOmittingLinks: CheckReport? {
        withBytes { buffer in
            var reader = CacheByteReader(buffer)
            return reader.sharingStrings { reader in
                guard let report = try? CheckReport(cache: &reader, omittingLinks: true), reader.offset == buffer.count else { return nil }
                return report
            }
        }
    }
}
