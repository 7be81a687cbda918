import TutorialModel

/// The readable outline of `stepwise extract --format text`.
enum TutorialOutline {
    static func render(_ tutorial: Tutorial) -> String {
        var lines = ["\(tutorial.source) — \(tutorial.title) [\(tutorial.locale), \(tutorial.edition)]"]
        for include in tutorial.includes {
            lines.append("  include \(include.name) → \(include.resolvedTo)\(include.fallback ? " (fallback)" : "")")
        }
        for section in tutorial.sections {
            lines.append("\(String(repeating: "#", count: max(1, section.level))) \(section.title)  {#\(section.id)} \(section.origin.path):\(section.line)")
            lines += section.code.map { "    " + sampleLine($0) }
            for step in section.steps {
                lines.append("  \(step.ordinal). [\(step.shownNumber)] \(shorten(step.text)) (line \(step.line))")
                lines += step.code.map { "      " + sampleLine($0) }
            }
        }
        let counts = "\(tutorial.sections.count) sections, \(tutorial.allSteps.count) steps, \(tutorial.allCode.count) code samples, \(tutorial.allCode.filter { $0.damage != nil }.count) damaged"
        return (lines + [counts, ""]).joined(separator: "\n")
    }

    private static func sampleLine(_ sample: CodeSample) -> String {
        var parts = ["code \(sample.language)"]
        if let file = sample.file ?? sample.inferredFile.map({ "(\($0))" }) { parts.append(file) }
        if let action = sample.action { parts.append(action) }
        parts.append("\(sample.origin.path):\(sample.line)-\(sample.endLine) (\(sample.nonBlankLines) lines)")
        if let reference = sample.reference { parts.append("from \(reference.path):\(reference.lines)") }
        if let damage = sample.damage { parts.append("DAMAGED \(damage.kind.rawValue)\(damage.recovered ? ", repaired" : "")") }
        return parts.joined(separator: " ")
    }

    private static func shorten(_ text: String) -> String {
        text.count > 72 ? String(text.prefix(71)) + "…" : text
    }
}
