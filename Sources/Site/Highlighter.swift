/// Build-time syntax highlighting: splits code into classed tokens with a small tokenizer.
///
/// The tokens' texts joined give back the code exactly; templates render the tokens.
public struct Highlighter: Sendable {
    public init() {}

    /// The tokens of `code` in `language`; one plain token for languages it does not know.
    public func tokens(_ code: String, language: String) -> [HighlightToken] {
        if ["xml", "html", "xaml", "csproj", "config"].contains(language.lowercased()) {
            return MarkupTokenizer(Array(code)).tokens()
        }
        guard let grammar = LanguageGrammar.named(language) else { return code.isEmpty ? [] : [HighlightToken(.plain, code)] }
        return CodeTokenizer(code, grammar: grammar).tokens()
    }
}

/// Scans C-family code (and JSON) with a grammar.
struct CodeTokenizer {
    private let chars: [Character]
    /// The code, and where each of its characters starts in it, then its end: a token's text is
    /// copied from the code at once, not built up character by character.
    private let code: String
    private let starts: [String.Index]
    private let grammar: LanguageGrammar
    private var index = 0
    private var output: [HighlightToken] = []
    private var atLineStart = true

    init(_ code: String, grammar: LanguageGrammar) {
        self.code = code
        chars = Array(code)
        starts = Array(code.indices) + [code.endIndex]
        self.grammar = grammar
    }

    /// The text of the characters `range`.
    private func text(_ range: Range<Int>) -> String {
        String(code[starts[range.lowerBound]..<starts[range.upperBound]])
    }

    func tokens() -> [HighlightToken] {
        var scanner = self
        while scanner.index < scanner.chars.count { scanner.step() }
        return scanner.output
    }

    private mutating func step() {
        let char = chars[index]
        if let comment = grammar.lineComment, chars.hasText(comment, at: index) {
            emit(.comment, upTo: lineEnd())
        } else if let block = grammar.blockComment, chars.hasText(block.open, at: index) {
            emit(.comment, upTo: chars.firstIndex(ofText: block.close, from: index + block.open.count).map { $0 + block.close.count } ?? chars.count)
        } else if grammar.preprocessor, atLineStart, char == "#" {
            emit(.preprocessor, upTo: wordEnd(from: index + 1))
        } else if grammar.quotes.contains(char) || isPrefixedString() {
            scanString()
        } else if char.isNumberASCIIFirst {
            emit(.number, upTo: scan(from: index) { $0.isNumberASCIIFirst || $0.isLetterASCIIFirst || $0 == "." })
        } else if isIdentifierStart(char) || (grammar.atKeywords && char == "@" && next(isIdentifierStart)) {
            scanWord()
        } else {
            if char == "\n" { atLineStart = true } else if !char.isWhitespaceASCIIFirst { atLineStart = false }
            output.append(.plain, String(char))
            index += 1
        }
    }

    private mutating func scanString() {
        let prefixed = !grammar.quotes.contains(chars[index])
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
        output.append(kind, text(index..<end))
        atLineStart = false
        index = end
    }



    private func isPrefixedString() -> Bool {
        grammar.stringPrefixes.contains(chars[index]) && index + 1 < chars.count && grammar.quotes.contains(chars[index + 1])
    }

    private func isIdentifierStart(_ char: Character) -> Bool { char.isLetterASCIIFirst || char == "_" }

    private func next(_ test: (Character) -> Bool) -> Bool { index + 1 < chars.count && test(chars[index + 1]) }

    private func lineEnd() -> Int { scan(from: index) { $0 != "\n" } }

    private func wordEnd(from start: Int) -> Int { scan(from: start) { $0.isLetterASCIIFirst || $0.isNumberASCIIFirst || $0 == "_" } }

    private func scan(from start: Int, while test: (Character) -> Bool) -> Int {
        var end = start
        while end < chars.count, test(chars[end]) { end += 1 }
        return end
    }

    /// The first non-space character at or after `position`.
    private func following(_ position: Int) -> Character? {
        chars[min(position, chars.count)...].first { $0 != " " && $0 != "\t" }
    }
}
