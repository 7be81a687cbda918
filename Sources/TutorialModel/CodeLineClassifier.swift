import DocFXDialect
import StepwiseDiagnostics

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
        // Each pattern runs only on a line holding the characters it needs (most prose lines do not).
        let bytes = text.utf8
        let hasParenthesis = bytes.contains(UInt8(ascii: "("))
        if hasParenthesis, bytes.contains(UInt8(ascii: ":")), selectorPartRegex.matches(text) { return true }  // Objective-C selector part, `name:(Type)`
        if hasParenthesis || bytes.contains(UInt8(ascii: "[")), callOrSubscriptRegex.matches(text) { return true }
        return bytes.contains(UInt8(ascii: "=")) && assignmentRegex.matches(text) && !looksLikeSentence(text)
    }

    /// Links, images or bold text: Markdown that code does not contain.
    private static func hasProseMarkup(_ text: String) -> Bool {
        text.contains("](") || text.contains("![") || (text.contains("**") && (boldTextRegex.matches(text) || boldItemRegex.matches(text)))
    }

    /// Several words and sentence punctuation, with few code symbols.
    static func looksLikeSentence(_ text: String) -> Bool {
        let words = text.split(whereSeparator: { $0 == " " }).filter { $0.allSatisfy(\.isLetter) }
        let symbols = text.filter { ";{}()[]=<>@^*&|".contains($0) }.count
        return words.count >= 4 && symbols * 20 < text.count
    }
}

// Built once, run on every line CommonMark took for prose.
private let selectorPartRegex = FastRegex(#"\w:\s*\("#)
private let callOrSubscriptRegex = FastRegex(#"\[\[|\w\(\)|\w\[\w+\]"#)
private let assignmentRegex = FastRegex(#"\A[\w.\->*\[\]]+\s*=\s*\S.*\z"#)
private let boldTextRegex = FastRegex(#"\*\*\w[^*]*\*\*"#)
private let boldItemRegex = FastRegex(#"^[*+\-] \*\*"#)
