public import TutorialModel

/// A check report taken apart by document and put back together: what lets `check` reuse the findings
/// of unchanged documents (the cache) and combine the reports of shards. Merging the parts of every
/// document gives exactly the report of one run over all of them.
extension CheckReport {
    /// One reported document: the name its findings carry, the files it reads, and whether it was
    /// checked (false for a document that could not be read: it has problems but no check).
    public struct Share: Sendable {
        public var document: String
        public var files: Set<String>
        public var counted: Bool

        public init(document: String, files: Set<String>, counted: Bool = true) {
            self.document = document
            self.files = files
            self.counted = counted
        }
    }

    /// The share of each reported document: the findings its check made, the findings about the
    /// files it reads (its own file and its includes, which other documents may share), its
    /// alignment and staleness. Findings are indexed once, so this is linear in the report.
    public func parts(_ shares: [Share]) -> [CheckReport] {
        let byDocument = Dictionary(grouping: findings.filter { $0.document != nil }, by: { $0.document ?? "" })
        let byFile = Dictionary(grouping: findings.filter { $0.document == nil }, by: \.path)
        let aligned = Dictionary(grouping: alignments, by: \.target.path)
        let linked = Dictionary(links.map { ($0.document, $0) }, uniquingKeysWith: { first, _ in first })
        return shares.map { share in
            let files = share.files
            let owned = (byDocument[share.document] ?? []) + files.sorted().flatMap { byFile[$0] ?? [] }
            let alignments = aligned[share.document] ?? []
            let linted = lintedFiles.intersection(files)
            var part = CheckReport(
                findings: owned, alignments: alignments, sampleCounts: Self.sampleCounts(alignments),
                staleness: staleness.filter { files.contains($0.key) }, documents: share.counted ? 1 : 0, files: linted.count)
            part.sources = sources[share.document].map { [share.document: $0] } ?? [:]
            part.checkedDocuments = [share.document]
            part.lintedFiles = linted
            part.checkedFiles = checkedFiles.intersection(files)
            part.suppressions.byDocument = suppressions.byDocument[share.document].map { [share.document: $0] } ?? [:]
            part.suppressions.byFile = suppressions.byFile.filter { files.contains($0.key) }
            part.summary.suppressed = part.suppressions.total
            part.links = linked[share.document].map { [$0] } ?? []
            return part
        }
    }

    /// The part without its alignments (the bulk of it), for storing: its counts stay.
    public var withoutAlignments: CheckReport {
        var part = self
        part.alignments = []
        return part
    }

    /// Parts of disjoint sets of documents combined. A finding about a file alone is taken from the
    /// first part that read the file (every part that read it found the same), so a shared include is
    /// reported once, as one run reports it.
    public static func merged(_ parts: [CheckReport]) -> CheckReport {
        var findings: [Finding] = []
        findings.reserveCapacity(parts.reduce(0) { $0 + $1.findings.count })
        var fileOwner: [String: Int] = [:]
        // By index: each part read in place, not copied whole.
        for index in parts.indices {
            for path in parts[index].checkedFiles where fileOwner[path] == nil { fileOwner[path] = index }
        }
        var suppressions = Suppressed()
        for index in parts.indices {
            // Appended one by one: a filtered array appended would copy each finding twice.
            for finding in parts[index].findings where finding.document != nil || fileOwner[finding.path, default: index] == index { findings.append(finding) }
            suppressions.byDocument.merge(parts[index].suppressions.byDocument) { first, _ in first }
            for (path, count) in parts[index].suppressions.byFile where fileOwner[path, default: index] == index { suppressions.byFile[path] = count }
        }
        // The rest gathered in one pass, each part read in place (a closure given each part copied it).
        var linted = Set<String>(), alignments: [TutorialAlignment] = [], samples: [String: Int] = [:]
        var staleness: [String: SentenceStaleness.Counts] = [:], sources: [String: String] = [:], checkedDocuments = Set<String>()
        var documents = 0
        for index in parts.indices {
            linted.formUnion(parts[index].lintedFiles)
            alignments += parts[index].alignments
            samples.merge(parts[index].sampleCounts, uniquingKeysWith: +)
            staleness.merge(parts[index].staleness) { first, _ in first }
            sources.merge(parts[index].sources) { first, _ in first }
            checkedDocuments.formUnion(parts[index].checkedDocuments)
            documents += parts[index].summary.documents
        }
        alignments.sort { $0.target.path < $1.target.path }
        var report = CheckReport(
            findings: consume findings, alignments: alignments, sampleCounts: samples, staleness: staleness, documents: documents, files: linted.count)
        report.lintedFiles = linted
        report.sources = sources
        report.checkedFiles = Set(fileOwner.keys)
        report.checkedDocuments = checkedDocuments
        report.suppressions = suppressions
        report.summary.suppressed = suppressions.total
        report.links = mergedLinks(parts)
        return report
    }

    /// The links of `parts` as their merged report has them: sorted by document, parts in order.
    public static func mergedLinks(_ parts: [CheckReport]) -> [DocumentLinks] {
        var links: [DocumentLinks] = []
        for index in parts.indices { links += parts[index].links }
        return links.sortedByPosition { $0.document < $1.document }
    }
}

extension CheckReport.Suppressed {
    var total: Int { byDocument.values.reduce(0, +) + byFile.values.reduce(0, +) }
}
