/// Text → search terms, the same way in Swift (the index) and in the browser (the query):
/// lowercase, decompose, drop the combining accents (U+0300–U+036F) and spell the letters of
/// `SearchRules.foldings` out (é → e, ß → ss, å → a, ñ → n), split into words of letters, marks and
/// digits, drop short and stop words, and strip one ending of the language's table.
public struct SearchTokenizer: Sendable {
    public let rules: SearchRules
    private let stopWords: Set<String>
    /// `rules.suffixes` in UTF-8 with their length in scalars, in the table's order.
    private let endings: [(suffix: [UInt8], scalars: Int, replacement: String)]

    public init(rules: SearchRules) {
        self.rules = rules
        stopWords = Set(rules.stopWords)
        endings = rules.suffixes.map { (Array($0[0].utf8), $0[0].unicodeScalars.count, $0[1]) }
    }

    public init(locale: String) {
        self.init(rules: .forLocale(locale))
    }

    /// The terms of `text`, in order, repeated where the text repeats them.
    public func terms(_ text: String) -> [String] {
        Self.words(Self.fold(text)).compactMap(term)
    }

    /// The term of one folded word, or nil when it is not indexed.
    public func term(_ word: String) -> String? {
        guard word.unicodeScalars.count >= SearchRules.minimumLength, !stopWords.contains(word) else { return nil }
        return stem(word)
    }

    /// The word without the first ending of the table that leaves a long enough stem; words with
    /// digits are kept whole. Compared in UTF-8: a word ends with an ending's scalars exactly when it
    /// ends with its bytes (no scalar's bytes end another's), and its scalars are its bytes but the
    /// continuation bytes (`10xxxxxx`).
    public func stem(_ word: String) -> String {
        var word = word
        return word.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
            let scalarCount = bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            for (suffix, suffixScalars, replacement) in endings
            where scalarCount - suffixScalars >= rules.minimumStem && bytes.count >= suffix.count
                && bytes[(bytes.count - suffix.count)...].elementsEqual(suffix) {
                return String(decoding: bytes[..<(bytes.count - suffix.count)], as: UTF8.self) + replacement
            }
            return nil
        } ?? word
    }

    /// Lowercased, accents dropped, special letters spelled out. Scalars below U+0250 (the Latin
    /// scripts: nearly all documentation) are folded one by one from a table built once with the
    /// same steps; they are starters that fold alone. Each run of other scalars goes through the
    /// whole-string steps (a run of one, commonly punctuation such as `’`, from the table too).
    public static func fold(_ text: String) -> String {
        let scalars = text.unicodeScalars
        var folded: [UInt8] = []
        folded.reserveCapacity(text.utf8.count)
        var runStart: String.Index?  // of the scalars from U+0250 on not folded yet
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let value = scalars[index].value
            if value < ScalarTable.latinEnd {
                if let start = runStart { appendFolding(of: scalars[start..<index], to: &folded) }
                runStart = nil
                if value < 0x80 {
                    folded.append(UInt8(value >= 0x41 && value <= 0x5A ? value + 0x20 : value))
                } else {
                    folded.append(contentsOf: ScalarTable.folded[Int(value - 0x80)])
                }
            } else if runStart == nil {
                runStart = index
            }
            scalars.formIndex(after: &index)
        }
        if let start = runStart { appendFolding(of: scalars[start...], to: &folded) }
        return String(decoding: folded, as: UTF8.self)
    }

    private static func appendFolding(of run: Substring.UnicodeScalarView, to folded: inout [UInt8]) {
        if let only = run.first, run.index(after: run.startIndex) == run.endIndex, only.value < ScalarTable.end {
            folded.append(contentsOf: ScalarTable.folded[Int(only.value - 0x80)])
        } else {
            folded.append(contentsOf: foldWhole(String(run)).utf8)
        }
    }

    /// The folding of any text: lowercase the whole, decompose, drop combining accents, spell out.
    static func foldWhole(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            if (0x300...0x36F).contains(scalar.value) { continue }
            if scalar.value >= 0xC0, let spelled = SearchRules.foldings[String(scalar)] {
                folded.append(contentsOf: spelled.unicodeScalars)
            } else {
                folded.append(scalar)
            }
        }
        return String(folded)
    }

    /// The folding of each scalar U+0080–U+20FF alone, as `foldWhole` folds it, in UTF-8.
    private enum ScalarTable {
        static let latinEnd: UInt32 = 0x250
        static let end: UInt32 = 0x2100
        static let folded: [[UInt8]] = (UInt32(0x80)..<end).map { value in
            Array((Unicode.Scalar(value).map { foldWhole(String($0)) } ?? "").utf8)
        }
    }

    /// The runs of letters, marks and digits (`\p{L}\p{M}\p{N}` in the script).
    public static func words(_ text: String) -> [String] {
        let scalars = text.unicodeScalars
        var words: [String] = []
        var start: String.Index?
        var index = scalars.startIndex
        while index < scalars.endIndex {
            if isWordScalar(scalars[index]) {
                start = start ?? index
            } else if let wordStart = start {
                words.append(String(scalars[wordStart..<index]))
                start = nil
            }
            scalars.formIndex(after: &index)
        }
        if let wordStart = start { words.append(String(scalars[wordStart...])) }
        return words
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || ("A"..."Z").contains(scalar) }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}
