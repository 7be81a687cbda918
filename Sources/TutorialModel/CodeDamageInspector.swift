import DocFXDialect
import StepwiseDiagnostics

/// Finds damage that shows in a sample's text: machine-translated or run-together code, changed escapes.
enum CodeDamageInspector {
    /// Evidence of machine translation or run-together code, one phrase per finding.
    static func translationEvidence(in lines: [String]) -> [String] {
        var evidence: [String] = []
        let code = lines.map(codePart)
        if code.contains(where: { $0.contains("/ /") && $0.contains(brokenCommentRegex) }) {
            evidence.append("'//' comments broken into '/ /'")
        }
        if code.contains(where: { mayHoldTypographicQuote($0) && $0.contains(where: { "”“„«»".contains($0) }) }) {
            evidence.append("string quotes replaced by typographic quotes")
        }
        if code.contains(where: { $0.contains("\u{A0}") }) {
            evidence.append("no-break spaces inside code")
        }
        if code.contains(where: { $0.contains("%") && $0.contains("@") && $0.contains(splitFormatRegex) }) {
            evidence.append("format specifiers split ('% @')")
        }
        let packed = code.filter { statementCount($0) >= 3 }.count
        if packed > 0 {
            evidence.append("\(packed) line\(packed == 1 ? "" : "s") with several statements run together")
        }
        return evidence
    }

    /// Whether the line's bytes hold one of the typographic quotes `”“„«»`: only then can one of
    /// its characters be one (walking characters is many times slower than scanning bytes).
    private static func mayHoldTypographicQuote(_ line: String) -> Bool {
        // Their lead bytes are C2 and E2: most lines hold neither (`memchr`, not a loop over the bytes).
        guard line.containsByte(0xC2) || line.containsByte(0xE2) else { return false }
        var previous: UInt8 = 0
        for byte in line.utf8 {
            // « » are C2 AB and C2 BB; “ ” „ are E2 80 9C, 9D and 9E.
            if previous == 0xC2, byte == 0xAB || byte == 0xBB { return true }
            if previous == 0x80, 0x9C...0x9E ~= byte { return true }
            previous = byte
        }
        return false
    }

    /// The line without a trailing `//` comment (a `//` inside a string or URL is kept).
    static func codePart(_ line: String) -> String {
        // Two `/` characters in a row are two `/` bytes in a row; most lines have none.
        guard line.containsByte(UInt8(ascii: "/")), line.contains("//") else { return line }
        var inString = false
        var previous: Character = " "
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == "\"" && previous != "\\" { inString.toggle() }
            if !inString, character == "/", previous == "/" {
                let before = line[..<index].dropLast()
                if before.last != ":" { return String(before) }
            }
            previous = character
            index = line.index(after: index)
        }
        return line
    }

    /// Statements ended on the line at bracket depth 0 and followed by more code (one pass).
    static func statementCount(_ line: String) -> Int {
        guard line.containsByte(UInt8(ascii: ";")) else { return 0 }
        var depth = 0, count = 0
        var inString = false, ended = false
        var previous: Unicode.Scalar = " "
        for scalar in line.unicodeScalars {
            if ended, !" \t\n\r\u{A0}".unicodeScalars.contains(scalar) {
                count += 1
                ended = false
            }
            if scalar == "\"" && previous != "\\" { inString.toggle() }
            previous = scalar
            guard !inString else { continue }
            switch scalar {
            case "(", "[": depth += 1
            case ")", "]": depth = max(0, depth - 1)
            case ";" where depth == 0: ended = true
            default: break
            }
        }
        return count
    }

    /// C#- or VB-style doubled quotes used as an escape inside a C-family string (`@""%@""`).
    static func doubledQuoteEscapes(in lines: [String], language: String) -> [Int] {
        guard ["objc", "swift", "c", "cpp", "java", "javascript", "typescript"].contains(language) else { return [] }
        // Every match holds two `"` characters in a row, whose bytes are `""` (the quote has no other
        // spelling): a line without those bytes is not searched.
        return lines.indices.filter { lines[$0].utf8ByteRange(of: "\"\"") != nil && lines[$0].contains(doubledQuotesRegex) }
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let brokenCommentRegex = /(^|[\s{;])\/ \/\s/
nonisolated(unsafe) private let splitFormatRegex = /"[^"\n]*%\s+@/
nonisolated(unsafe) private let doubledQuotesRegex = /@?""[^\s,;:)\]}"]+""/
