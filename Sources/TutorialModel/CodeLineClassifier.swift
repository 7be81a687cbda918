import DocFXDialect

/// Decides whether a line of a paragraph reads as code rather than prose.
///
/// Used only where CommonMark lost code to paragraphs or list items (broken indentation, a missing
/// blank line); lines inside code blocks never need it.
enum CodeLineClassifier {
    private static let codePrefixes = [
        "//", "/*", "*/", "#import", "#include", "#define", "#pragma", "#if", "#endif", "#region",
        "-(", "- (", "+(", "+ (", "{", "}", "[", "]", "<?", "using ", "import ", "return ", "var ",
        "let ", "const ", "func ", "public ", "private ", "protected ", "internal ", "static ",
        "if (", "if(", "else", "for (", "while (", "switch ", "case ", "catch", "try ", "self.",
        "this.", "await ", "throw ", "new ", "_", "@",
    ]
    private static let codeSuffixes = [";", "{", "}", "{ }", "(", "[", "=", "&&", "||", "+"]

    /// True when `line` (with any indentation) is code-like and shows no Markdown prose markers.
    static func isCodeLike(_ line: String) -> Bool {
        let text = line.trimmingSpaces
        guard !text.isEmpty, !hasProseMarkup(text) else { return false }
        if codePrefixes.contains(where: text.hasPrefix) { return true }
        if codeSuffixes.contains(where: text.hasSuffix) { return true }
        if text.contains(selectorPartRegex) { return true }  // Objective-C selector part, `name:(Type)`
        if text.contains(callOrSubscriptRegex) { return true }
        return text.wholeMatch(of: assignmentRegex) != nil && !looksLikeSentence(text)
    }

    /// Links, images or bold text: Markdown that code does not contain.
    private static func hasProseMarkup(_ text: String) -> Bool {
        text.contains("](") || text.contains("![") || text.contains(boldTextRegex)
            || text.contains(boldItemRegex)
    }

    /// Several words and sentence punctuation, with few code symbols.
    static func looksLikeSentence(_ text: String) -> Bool {
        let words = text.split(whereSeparator: { $0 == " " }).filter { $0.allSatisfy(\.isLetter) }
        let symbols = text.filter { ";{}()[]=<>@^*&|".contains($0) }.count
        return words.count >= 4 && symbols * 20 < text.count
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let selectorPartRegex = /\w:\s*\(/
nonisolated(unsafe) private let callOrSubscriptRegex = /\[\[|\w\(\)|\w\[\w+\]/
nonisolated(unsafe) private let assignmentRegex = /[\w.\->*\[\]]+\s*=\s*\S.*/
nonisolated(unsafe) private let boldTextRegex = /\*\*\w[^*]*\*\*/
nonisolated(unsafe) private let boldItemRegex = /^[*+-] \*\*/
