import DocFXDialect

extension FragmentExtractor {
    /// Places the code references on `lines` among the section's samples, in source order: a
    /// reference inside a step's lines joins that step's samples, one outside them the
    /// section's. A reference whose code cannot be shown is a visible `missing` placeholder there.
    func placeCodeReferences(_ section: inout Section, lines: ClosedRange<Int>) {
        for resolved in document.codeReferences where lines.contains(resolved.reference.line) {
            let line = resolved.reference.line
            guard let snippet = resolved.snippet else {
                let position = section.alerts.firstIndex { $0.line > line } ?? section.alerts.endIndex
                section.alerts.insert(placeholder(for: resolved), at: position)
                continue
            }
            let sample = codeSample(resolved, snippet: snippet)
            if let step = section.steps.firstIndex(where: { $0.holds(line) }) {
                Self.insert(sample, into: &section.steps[step].code)
            } else {
                Self.insert(sample, into: &section.code)
            }
        }
    }

    /// The sample a resolved reference shows: its code, its language from the `code-<lang>` tag (or
    /// the file's extension), its origin the reference's line.
    func codeSample(_ resolved: ResolvedCodeReference, snippet: CodeSnippet) -> CodeSample {
        let reference = resolved.reference
        let path = resolved.path ?? reference.path
        var sample = CodeSample(
            language: LanguageDetector.detect(code: snippet.text, info: reference.language.isEmpty ? nil : reference.language, file: path) ?? "text",
            text: snippet.text, line: reference.line, endLine: reference.line, origin: origin(reference.line))
        sample.reference = CodeReferenceInfo(
            syntax: reference.syntax, written: reference.path, path: path, lines: CodeReferenceInfo.ranges(snippet.lines),
            region: reference.query.region, highlight: snippet.highlight)
        return sample
    }

    private func placeholder(for resolved: ResolvedCodeReference) -> Alert {
        let reference = resolved.reference
        let reason = resolved.problems.first?.summary ?? "the code cannot be read"
        let name = reference.name.isEmpty ? "" : "“\(reference.name)” "
        var alert = Alert(
            kind: "missing", label: nil, text: "Code \(name)(\(reference.path)) is not shown: \(reason).",
            line: reference.line, origin: origin(reference.line))
        alert.placeholder = Placeholder(kind: .code, name: reference.name, path: reference.path, rule: resolved.problems.first?.id)
        return alert
    }

    /// Inserts `sample` after the samples on earlier or the same lines.
    private static func insert(_ sample: CodeSample, into samples: inout [CodeSample]) {
        let position = samples.firstIndex { $0.line > sample.line } ?? samples.endIndex
        samples.insert(sample, at: position)
    }
}
