/// A check report taken apart by document and put back together: what lets `check` reuse the findings
/// of unchanged documents (the cache) and combine the reports of shards. Merging the parts of every
/// document gives exactly the report of one run over all of them.
extension CheckReport {
    /// The share of one reported document: the findings its check made, the findings about the files
    /// it reads (its own file and its includes, which other documents may share), its alignment and
    /// staleness. `files` are the paths the document reads; `counted` is false for a document that
    /// could not be read (it has problems but no check).
    public func part(for document: String, files: Set<String>, counted: Bool = true) -> CheckReport {
        let owned = findings.filter { $0.document.map { $0 == document } ?? files.contains($0.path) }
        var part = CheckReport(
            findings: owned, alignments: alignments.filter { $0.target.path == document },
            staleness: staleness.filter { files.contains($0.key) }, documents: counted ? 1 : 0, files: lintedFiles.intersection(files).count)
        part.checkedDocuments = [document]
        part.lintedFiles = lintedFiles.intersection(files)
        part.checkedFiles = checkedFiles.intersection(files)
        part.suppressions.byDocument = suppressions.byDocument.filter { $0.key == document }
        part.suppressions.byFile = suppressions.byFile.filter { files.contains($0.key) }
        part.summary.suppressed = part.suppressions.total
        return part
    }

    /// Parts of disjoint sets of documents combined. A finding about a file alone is taken from the
    /// first part that read the file (every part that read it found the same), so a shared include is
    /// reported once, as one run reports it.
    public static func merged(_ parts: [CheckReport]) -> CheckReport {
        var findings: [Finding] = []
        var fileOwner: [String: Int] = [:]
        for (index, part) in parts.enumerated() {
            for path in part.checkedFiles where fileOwner[path] == nil { fileOwner[path] = index }
        }
        var suppressions = Suppressed()
        for (index, part) in parts.enumerated() {
            findings += part.findings.filter { finding in finding.document != nil || fileOwner[finding.path, default: index] == index }
            suppressions.byDocument.merge(part.suppressions.byDocument) { first, _ in first }
            for (path, count) in part.suppressions.byFile where fileOwner[path, default: index] == index { suppressions.byFile[path] = count }
        }
        let linted = parts.reduce(into: Set<String>()) { $0.formUnion($1.lintedFiles) }
        let alignments = parts.flatMap(\.alignments).sorted { $0.target.path < $1.target.path }
        let staleness = parts.reduce(into: [String: SentenceStaleness.Counts]()) { $0.merge($1.staleness) { first, _ in first } }
        var report = CheckReport(
            findings: findings, alignments: alignments, staleness: staleness,
            documents: parts.reduce(0) { $0 + $1.summary.documents }, files: linted.count)
        report.lintedFiles = linted
        report.checkedFiles = parts.reduce(into: Set<String>()) { $0.formUnion($1.checkedFiles) }
        report.checkedDocuments = parts.reduce(into: Set<String>()) { $0.formUnion($1.checkedDocuments) }
        report.suppressions = suppressions
        report.summary.suppressed = suppressions.total
        return report
    }
}

extension CheckReport.Suppressed {
    var total: Int { byDocument.values.reduce(0, +) + byFile.values.reduce(0, +) }
}
