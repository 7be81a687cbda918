public import StepwiseDiagnostics

extension StaleFile {
    /// A `generated-stale` diagnostic for `stepwise check`, located in the generated file.
    public func diagnostic(directoryPath: String) -> Diagnostic {
        let location = SourceLocation(path: directoryPath + "/" + path, line: line ?? 1)
        let what: String
        switch reason {
        case .missing: what = "generated file is missing"
        case .unexpected: what = "file is no longer generated"
        case .changed: what = "generated file is stale" + (fact.map { ": \($0)" } ?? "")
        }
        return .error("generated-stale", at: location, what, fix: "run `\(StaleFileVerifier.regenerateCommand)`")
    }
}
