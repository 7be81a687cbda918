/// Build-time syntax highlighting: splits code into classed tokens with a small tokenizer.
///
/// The tokens' texts joined give back the code exactly; templates render the tokens.
public struct Highlighter: Sendable {
    public init() {}

    /// The tokens of `code` in `language`; one plain token for languages it does not know.
    public func tokens(_ code: String, language: String) -> [HighlightToken] {
        if ["xml", "html", "xaml", "csproj", "config"].contains(language.lowercased()) {
            return Self.isSingleScalarText(code) ? MarkupTokenizer<Unicode.Scalar>(code).tokens() : MarkupTokenizer<Character>(code).tokens()
        }
        guard let grammar = LanguageGrammar.named(language) else { return code.isEmpty ? [] : [HighlightToken(.plain, code)] }
        return Self.isSingleScalarText(code)
            ? CodeTokenizer<Unicode.Scalar>(code, grammar: grammar).tokens() : CodeTokenizer<Character>(code, grammar: grammar).tokens()
    }

    /// True when every character of `text` is one scalar, as its UTF-8 shows at once: no carriage
    /// return (CR LF is one character) and no scalar from U+0300 on (a lead byte from 0xCC: the
    /// combining marks start there, and every scalar that joins another in a character is beyond
    /// them). Most code is such text; the tokenizer then reads scalars, not grapheme clusters.
    static func isSingleScalarText(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in !bytes.contains { $0 == 0x0D || $0 >= 0xCC } }
    }
}

/// Scans C-family code (and JSON) with a grammar, by characters or (text whose characters are
/// single scalars) by scalars: the same tokens either way.
struct CodeTokenizer<Unit: HighlightUnit> {
    private let chars: [Unit]
    /// The code, and where each of its characters starts in it, then its end: a token's text is
    /// copied from the code at once, not built up character by character.
    private let code: String
    private let starts: [String.Index]
    private let grammar: LanguageGrammar
    private var index = 0
    private var output: [HighlightToken] = []
    private var atLineStart = true
    /// Where the run of plain characters not yet written starts: a run is written as one text when
    /// the next token comes, not a character at a time.
    private var plainStart: Int?
    /// The grammar's quotes and string prefixes among the ASCII characters, one bit each.
    private let quoteMask: ASCIIMask, prefixMask: ASCIIMask
    /// The grammar's comment delimiters as units.
    private let lineComment: [Unit]?, blockComment: (open: [Unit], close: [Unit])?

    init(_ code: String, grammar: LanguageGrammar) {
        self.code = code
        (chars, starts) = Unit.split(code)
        self.grammar = grammar
        quoteMask = ASCIIMask(grammar.quotes)
        prefixMask = ASCIIMask(grammar.stringPrefixes)
        lineComment = grammar.lineComment.map { Unit.split($0).units }
        blockComment = grammar.blockComment.map { (Unit.split($0.open).units, Unit.split($0.close).units) }
    }

    /// The text of the characters `range`.
    private func text(_ range: Range<Int>) -> String {
        String(code[starts[range.lowerBound]..<starts[range.upperBound]])
    }

    func tokens() -> [HighlightToken] {
        var scanner = self
        while scanner.index < scanner.chars.count { scanner.step() }
        scanner.writePlainRun()
        return scanner.output
    }

    /// Writes the pending run of plain characters, up to `index`.
    private mutating func writePlainRun() {
        guard let start = plainStart else { return }
        output.append(.plain, text(start..<index))
        plainStart = nil
    }

    private mutating func step() {
        let char = chars[index]
        if let comment = lineComment, chars.hasUnits(comment, at: index) {
            emit(.comment, upTo: lineEnd())
        } else if let block = blockComment, chars.hasUnits(block.open, at: index) {
            emit(.comment, upTo: chars.firstIndex(ofUnits: block.close, from: index + block.open.count).map { $0 + block.close.count } ?? chars.count)
        } else if grammar.preprocessor, atLineStart, char == "#" {
            emit(.preprocessor, upTo: wordEnd(from: index + 1))
        } else if char.isIn(grammar.quotes, mask: quoteMask) || isPrefixedString() {
            scanString()
        } else if char.isNumberASCIIFirst {
            emit(.number, upTo: scan(from: index) { $0.isNumberASCIIFirst || $0.isLetterASCIIFirst || $0 == "." })
        } else if isIdentifierStart(char) || (grammar.atKeywords && char == "@" && next(isIdentifierStart)) {
            scanWord()
        } else {
            if char == "\n" { atLineStart = true } else if !char.isWhitespaceASCIIFirst { atLineStart = false }
            if plainStart == nil { plainStart = index }
            index += 1
        }
    }

    private mutating func scanString() {
        let prefixed = !chars[index].isIn(grammar.quotes, mask: quoteMask)
        let quote = chars[index + (prefixed ? 1 : 0)]
        let verbatim = prefixed && chars[index] == "@" && grammar.stringPrefixes.contains("$")
        var end = index + (prefixed ? 2 : 1)
        while end < chars.count {
            let char = chars[end]
            if char == quote {
                if verbatim, end + 1 < chars.count, chars[end + 1] == quote { end += 2; continue }
                end += 1
                break
            }
            if char == "\n" && !verbatim { break }
            end += char == "\\" && !verbatim ? 2 : 1
        }
        end = min(end, chars.count)
        let isKey = grammar.keyedStrings && following(end) == ":"
        emit(isKey ? .property : .string, upTo: end)
    }

    private mutating func scanWord() {
        let end = wordEnd(from: index + 1)
        let word = text(index..<end)
        let kind: HighlightToken.Kind =
            if grammar.keywords.contains(word) || word.hasPrefix("@") { .keyword }
            else if grammar.capitalizedTypes, word.first?.isUppercase == true { .type }
            else { .plain }
        emit(kind, upTo: end)
    }

    private mutating func emit(_ kind: HighlightToken.Kind, upTo end: Int) {
        writePlainRun()
        output.append(kind, text(index..<end))
        atLineStart = false
        index = end
    }



    private func isPrefixedString() -> Bool {
        chars[index].isIn(grammar.stringPrefixes, mask: prefixMask) && index + 1 < chars.count
            && chars[index + 1].isIn(grammar.quotes, mask: quoteMask)
    }

    private func isIdentifierStart(_ char: Unit) -> Bool { char.isLetterASCIIFirst || char == "_" }

    private func next(_ test: (Unit) -> Bool) -> Bool { index + 1 < chars.count && test(chars[index + 1]) }

    private func lineEnd() -> Int { scan(from: index) { $0 != "\n" } }

    private func wordEnd(from start: Int) -> Int { scan(from: start) { $0.isLetterASCIIFirst || $0.isNumberASCIIFirst || $0 == "_" } }

    private func scan(from start: Int, while test: (Unit) -> Bool) -> Int {
        var end = start
        while end < chars.count, test(chars[end]) { end += 1 }
        return end
    }

    /// The first non-space character at or after `position`.
    private func following(_ position: Int) -> Unit? {
        chars[min(position, chars.count)...].first { $0 != " " && $0 != "\t" }
    }
}

/// A set of ASCII characters as 128 bits: membership without hashing a `Character`.
struct ASCIIMask {
    private var low: UInt64 = 0, high: UInt64 = 0

    /// The single-scalar ASCII characters of `characters`.
    init(_ characters: Set<Character>) {
        for character in characters where character.unicodeScalars.count == 1 {
            guard let ascii = character.asciiValue else { continue }
            if ascii < 64 { low |= 1 << ascii } else { high |= 1 << (ascii - 64) }
        }
    }

    /// Whether `character` is in `characters` (the set the mask was made from): its bit, for a
    /// character that is one ASCII scalar; the set itself for any other (CR LF, whose `asciiValue` is
    /// a line feed's, included).
    @inline(__always)
    func contains(_ character: Character, in characters: Set<Character>) -> Bool {
        guard let ascii = character.asciiValue, ascii != UInt8(ascii: "\n") else { return characters.contains(character) }
        return contains(ascii)
    }

    /// Whether the ASCII byte `ascii` is in the mask.
    @inline(__always)
    func contains(_ ascii: UInt8) -> Bool {
        ascii < 64 ? low >> ascii & 1 == 1 : ascii < 128 && high >> (ascii - 64) & 1 == 1
    }
}
