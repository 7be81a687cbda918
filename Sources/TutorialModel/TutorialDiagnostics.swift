import StepwiseDiagnostics

/// Warnings and notes about a tutorial model: damaged samples, fallback includes, undefined images.
enum TutorialDiagnostics {
    static func collect(_ tutorial: Tutorial) -> [Diagnostic] {
        var bag = DiagnosticBag()
        for sample in tutorial.allCode {
            guard let damage = sample.damage else { continue }
            let location = SourceLocation(path: sample.origin.path, line: sample.line, column: 1)
            let repaired = damage.recovered ? "repaired" : "cannot be repaired from this file"
            bag.append(.warning("code-\(damage.kind.rawValue)", at: location, "code sample \(repaired): \(damage.detail)"))
        }
        for include in tutorial.includes where include.fallback {
            bag.append(.warning(
                "include-fallback", at: SourceLocation(path: include.origin.path, line: include.origin.line, column: 1),
                "include '\(include.name)' has no \(tutorial.locale) translation; using \(include.resolvedTo)",
                fix: "translate \(include.name).md into the \(tutorial.locale) includes"))
        }
        for image in tutorial.images where image.destination == nil {
            bag.append(.warning(
                "image-undefined", at: SourceLocation(path: image.origin.path, line: image.origin.line, column: 1),
                "image reference '[\(image.label)]' has no definition"))
        }
        return bag.sorted
    }
}
