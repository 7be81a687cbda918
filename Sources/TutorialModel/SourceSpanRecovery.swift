import DocFXDialect

/// Recovers code from the source-language side of bilingual sentence pairs.
///
/// Side-by-side translations keep the original sentence in `sxs-lookup` spans. Code that was wrapped in
/// such spans lost its line breaks (collapsed into runs of spaces); they are restored at runs of two or
/// more spaces and after statements followed by more code, so `//` comments no longer swallow code.
enum SourceSpanRecovery {
    /// Recovered code lines: lines that held pairs (already replaced by their source sentence) get their
    /// line breaks back and keep their indentation; other lines are kept as they are.
    static func recover(_ lines: [(text: String, hadSpans: Bool)]) -> [String] {
        var result: [String] = []
        for line in lines {
            let trimmed = line.text.trimmingSpaces
            guard line.hadSpans, !trimmed.isEmpty else {
                result.append(trimmed.isEmpty ? "" : Indentation.expandingLeadingTabs(line.text))
                continue
            }
            let indent = String(repeating: " ", count: Indentation.width(of: line.text))
            for piece in splitAtCollapsedBreaks(trimmed) {
                result.append(contentsOf: splitAfterStatements(piece).map { indent + $0 })
            }
        }
        return result
    }

    /// The code of `lines` without `//` comments, with white space removed, for comparing code tokens.
    static func codeSignature(_ lines: [String]) -> String {
        lines.map(CodeDamageInspector.codePart).joined().filter { !$0.isWhitespace }
    }

    /// Splits at runs of two or more spaces outside string literals.
    static func splitAtCollapsedBreaks(_ text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var spaces = 0
        var inString = false
        for character in text {
            if character == " " && !inString {
                spaces += 1
                continue
            }
            if spaces >= 2, !current.isEmpty {
                pieces.append(current)
                current = ""
            } else if spaces == 1 {
                current.append(" ")
            }
            spaces = 0
            if character == "\"" && current.last != "\\" { inString.toggle() }
            current.append(character)
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// Splits after a `;` at bracket depth 0 that more code follows (not inside `//` comments).
    static func splitAfterStatements(_ text: String) -> [String] {
        guard !text.hasPrefix("//"), CodeDamageInspector.statementCount(text) > 0 else { return [text] }
        var pieces: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        for character in text {
            current.append(character)
            if character == "\"" { inString.toggle() }
            guard !inString else { continue }
            switch character {
            case "(", "[": depth += 1
            case ")", "]": depth = max(0, depth - 1)
            case ";" where depth == 0:
                pieces.append(current.trimmingSpaces)
                current = ""
            default: break
            }
        }
        if !current.trimmingSpaces.isEmpty { pieces.append(current.trimmingSpaces) }
        return pieces
    }
}
