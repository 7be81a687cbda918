import StepwiseDiagnostics

/// Applies inline suppressions: removes the findings they cover and reports suppressions without a
/// reason (`suppression-invalid`) or that cover nothing (`suppression-unused`).
struct SuppressionFilter {
    let suppressions: [Suppression]
    /// The indices into `suppressions` of each file's comments, in order: a finding is compared only
    /// with the comments of its own file.
    private var byPath: [String: [Int]]

    init(files: [CheckedFile]) {
        suppressions = files.concurrentMap(Suppression.all(in:)).flatMap { $0 }
        byPath = Dictionary(grouping: suppressions.indices, by: { [suppressions] in suppressions[$0].path })
    }

    func apply(to findings: [Finding], locales: [String: String]) -> (kept: [Finding], suppressed: [Finding]) {
        var used = Set<Int>()
        var kept: [Finding] = []
        var suppressed: [Finding] = []
        for finding in findings {
            if let index = byPath[finding.path]?.first(where: { !suppressions[$0].reason.isEmpty && suppressions[$0].matches(finding) }) {
                used.insert(index)
                suppressed.append(finding)
            } else {
                kept.append(finding)
            }
        }
        for (index, suppression) in suppressions.enumerated() {
            let locale = locales[suppression.path] ?? ""
            if suppression.reason.isEmpty {
                kept.append(Finding(rule: .suppressionInvalid, path: suppression.path, line: suppression.line, column: suppression.column,
                                    message: "stepwise-ignore needs a reason: <!-- stepwise-ignore \(suppression.rules.joined(separator: ", ")): why -->", locale: locale))
            } else if !used.contains(index) {
                kept.append(Finding(rule: .suppressionUnused, path: suppression.path, line: suppression.line, column: suppression.column,
                                    message: "stepwise-ignore \(suppression.rules.joined(separator: ", ")) matches no finding on lines \(suppression.covers.lowerBound)–\(suppression.covers.upperBound); remove it", locale: locale))
            }
        }
        return (kept, suppressed)
    }
}
