#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
        // Read once into an array: the filters below each pass over the bytes, and an array's
        // loops cost a fraction of the string view's.
        let bytes = Array(text.utf8)
        // A prefix is matched by its bytes first: no ASCII character of a prefix has another spelling
        // (`hasPrefix` compares canonically equivalent characters), and the text's must be these bytes.
        if let first = bytes.first, let prefixes = prefixesByFirstByte[first],
            prefixes.contains(where: { bytes.starts(with: $0.utf8) && text.hasPrefix($0) })
        {
            return true
        }
        // ASCII text ends with a suffix exactly when its bytes do (`;` has another spelling outside ASCII).
        let isASCII = text.isAllASCII
        if isASCII || Self.mayEndWithSuffix(bytes),
            codeSuffixes.contains(where: { isASCII ? bytes.reversed().starts(with: $0.utf8.reversed()) : text.hasSuffix($0) })
        {
            return true
        }
        // Each pattern runs only on a line holding the characters it needs (most prose lines do not);
        // a line of printable ASCII is matched by its bytes (`PrintableASCIIPatterns`), exactly.
        let printable = isASCII && bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? bytes : nil
        if bytes.contains(UInt8(ascii: "(")), Self.maySelectorPart(bytes),
            printable.map(PrintableASCIIPatterns.selectorPart) ?? selectorPartRegex.matches(text) { return true }  // Objective-C selector part, `name:(Type)`
        if Self.mayCallOrSubscript(bytes), printable.map(PrintableASCIIPatterns.callOrSubscript) ?? callOrSubscriptRegex.matches(text) { return true }
        return Self.mayAssign(bytes) && (printable.map(PrintableASCIIPatterns.assignment) ?? assignmentRegex.matches(text)) && !looksLikeSentence(text)
    }

    /// The prefixes by their first byte: a line is compared with those that can start it.
    private static let prefixesByFirstByte: [UInt8: [String]] = Dictionary(grouping: codePrefixes) { $0.utf8.first! }

    /// False when no suffix of `codeSuffixes` can end the text: its last character must be one
    /// whose only spellings are its ASCII byte, or GREEK QUESTION MARK (U+037E, bytes CD BE), which
    /// is `;` canonically. A character that merely starts with one (`{` and an accent) has its
    /// last byte elsewhere and is no suffix either.
    static func mayEndWithSuffix(_ bytes: [UInt8]) -> Bool {
        guard let last = bytes.last else { return false }
        return Self.suffixLastBytes.contains(last) || bytes.suffix(2).elementsEqual([0xCD, 0xBE])
    }

    private static let suffixLastBytes = Set(codeSuffixes.compactMap(\.utf8.last))

    /// False when `assignmentRegex` cannot match: it needs a run of `\w . - > * [ ]`, spaces, then
    /// `=`. Read by bytes while they are ASCII (their classes are certain there); the first byte past
    /// ASCII leaves the answer to the pattern, unless the line holds no `=` at all (prose past ASCII,
    /// `Définissez`, seldom does; `=` has no other spelling).
    static func mayAssign(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 0x80 else { return bytes[index...].contains(UInt8(ascii: "=")) }
            guard byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
            else { break }
            index += 1
        }
        guard index > 0 else { return false }
        while index < bytes.count, bytes[index].isASCIIWhitespace {
            index += 1
        }
        guard index < bytes.count else { return false }
        return bytes[index] == UInt8(ascii: "=") || bytes[index] >= 0x80 && bytes[index...].contains(UInt8(ascii: "="))
    }

    /// False when `selectorPartRegex` cannot match: it needs a `:` that only spaces separate from a
    /// `(`. A byte past ASCII may start a space (`\s` is Unicode's White_Space): it is skipped
    /// as if it were one, and the pattern decides.
    static func maySelectorPart(_ bytes: [UInt8]) -> Bool {
        var afterColon = false
        for byte in bytes {
            if byte == UInt8(ascii: "(") && afterColon { return true }
            if byte == UInt8(ascii: ":") {
                afterColon = true
            } else if afterColon, !byte.isASCIIWhitespace, byte < 0x80 {
                afterColon = false
            }
        }
        return false
    }

    /// False when `callOrSubscriptRegex` cannot match: it needs `[[`, a word character then `()`,
    /// or a word character, `[`, word characters and `]`. A byte past ASCII may be part of a word
    /// character (`\w` reads letters of every script): it counts as one, and the pattern decides.
    static func mayCallOrSubscript(_ bytes: [UInt8]) -> Bool {
        // Every match holds `(` or `[`, which most prose lines lack: two `memchr` say so.
        let holdsBracket = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, Int32(UInt8(ascii: "(")), buffer.count) != nil || memchr(base, Int32(UInt8(ascii: "[")), buffer.count) != nil
        }
        guard holdsBracket else { return false }
        func mayBeWord(_ byte: UInt8) -> Bool { byte >= 0x80 || byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_") }
        var index = 1
        while index < bytes.count {
            let (previous, byte) = (bytes[index - 1], bytes[index])
            if byte == UInt8(ascii: "["), previous == UInt8(ascii: "[") { return true }
            if mayBeWord(previous), byte == UInt8(ascii: "("), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ")") { return true }
            if mayBeWord(previous), byte == UInt8(ascii: "[") {
                var end = index + 1
                while end < bytes.count, mayBeWord(bytes[end]) { end += 1 }
                if end > index + 1, end < bytes.count, bytes[end] == UInt8(ascii: "]") { return true }
            }
            index += 1
        }
        return false
    }

    /// Links, images or bold text: Markdown that code does not contain.
    private static func hasProseMarkup(_ text: String) -> Bool {
        guard !text.contains("](") && !text.contains("![") else { return true }
        guard text.contains("**") else { return false }
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            let bytes = Array(text.utf8)
            return PrintableASCIIPatterns.boldText(bytes) || PrintableASCIIPatterns.boldItem(bytes)
        }
        return boldTextRegex.matches(text) || boldItemRegex.matches(text)
    }

    /// Several words and sentence punctuation, with few code symbols.
    static func looksLikeSentence(_ text: String) -> Bool {
        let words = text.split(whereSeparator: { $0 == " " }).filter { $0.allSatisfy(\.isLetter) }
        let symbols = text.filter { ";{}()[]=<>@^*&|".contains($0) }.count
        return words.count >= 4 && symbols * 20 < text.count
    }
}

// Built once, run on every line CommonMark took for prose that is not printable ASCII.
let selectorPartRegex = FastRegex(#"\w:\s*\("#)
let callOrSubscriptRegex = FastRegex(#"\[\[|\w\(\)|\w\[\w+\]"#)
let assignmentRegex = FastRegex(#"\A[\w.\->*\[\]]+\s*=\s*\S.*\z"#)
let boldTextRegex = FastRegex(#"\*\*\w[^*]*\*\*"#)
let boldItemRegex = FastRegex(#"^[*+\-] \*\*"#)

/// The code-line patterns above, answered from the bytes of a line made of printable ASCII (0x20 to
/// 0x7E) exactly as ICU answers them there: `\w` is a letter, digit or `_`, `\s` the space alone, `.`
/// and `[^*]` any byte but a line end (there is none). Any other line is left to the patterns.
enum PrintableASCIIPatterns {
    private static func isWord(_ byte: UInt8) -> Bool {
        byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_")
    }

    /// `\w:\s*\(`
    static func selectorPart(_ bytes: [UInt8]) -> Bool {
        for index in bytes.indices.dropLast() where isWord(bytes[index]) && bytes[index + 1] == UInt8(ascii: ":") {
            var next = index + 2
            while next < bytes.count, bytes[next] == UInt8(ascii: " ") { next += 1 }
            if next < bytes.count, bytes[next] == UInt8(ascii: "(") { return true }
        }
        return false
    }

    /// `\[\[|\w\(\)|\w\[\w+\]`
    static func callOrSubscript(_ bytes: [UInt8]) -> Bool {
        for index in bytes.indices.dropLast() {
            let (byte, next) = (bytes[index], bytes[index + 1])
            if byte == UInt8(ascii: "["), next == UInt8(ascii: "[") { return true }
            guard isWord(byte) else { continue }
            if next == UInt8(ascii: "("), index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: ")") { return true }
            if next == UInt8(ascii: "[") {
                var end = index + 2
                while end < bytes.count, isWord(bytes[end]) { end += 1 }
                if end > index + 2, end < bytes.count, bytes[end] == UInt8(ascii: "]") { return true }
            }
        }
        return false
    }

    /// `\A[\w.\->*\[\]]+\s*=\s*\S.*\z`: a run of those bytes (neither `=` nor a space is one, so
    /// the run is the longest), spaces, `=`, spaces, then anything that is not empty.
    static func assignment(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count, isWord(bytes[index]) || [UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ">"), UInt8(ascii: "*"),
                                                             UInt8(ascii: "["), UInt8(ascii: "]")].contains(bytes[index]) {
            index += 1
        }
        guard index > 0 else { return false }
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return false }
        index += 1
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index < bytes.count
    }

    /// `\*\*\w[^*]*\*\*`: after `**` and a word byte, the next `*` starts `**`.
    static func boldText(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "*"), isWord(bytes[index + 2]) {
                var star = index + 3
                while star < bytes.count, bytes[star] != UInt8(ascii: "*") { star += 1 }
                if star + 1 < bytes.count, bytes[star + 1] == UInt8(ascii: "*") { return true }
            }
            index += 1
        }
        return false
    }

    /// `^[*+\-] \*\*`
    static func boldItem(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 4 && [UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(bytes[0]) && bytes[1] == UInt8(ascii: " ")
            && bytes[2] == UInt8(ascii: "*") && bytes[3] == UInt8(ascii: "*")
    }
}
