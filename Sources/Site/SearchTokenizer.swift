import Foundation

/// Text → search terms, the same way in Swift (the index) and in the browser (the query):
/// lowercase, decompose, drop the combining accents (U+0300–U+036F) and spell the letters of
/// `SearchRules.foldings` out (é → e, ß → ss, å → a, ñ → n), split into words of letters, marks and
/// digits, drop short and stop words, and strip one ending of the language's table.
public struct SearchTokenizer: Sendable {
    public let rules: SearchRules
    private let stopWords: Set<String>
    /// `rules.suffixes` in UTF-8 with their length in scalars, in the table's order, by their last
    /// byte: a word is compared only with the endings that end as it does, in the same order.
    private let endings: [[(suffix: [UInt8], scalars: Int, replacement: String)]]

    public init(rules: SearchRules) {
        self.rules = rules
        stopWords = Set(rules.stopWords)
        var endings = Array(repeating: [(suffix: [UInt8], scalars: Int, replacement: String)](), count: 256)
        for pair in rules.suffixes {
            let suffix = Array(pair[0].utf8)
            // An empty ending ends every word: it is tried with every last byte, in its place.
            for last in suffix.last.map({ [Int($0)] }) ?? Array(0..<256) {
                endings[last].append((suffix, pair[0].unicodeScalars.count, pair[1]))
            }
        }
        self.endings = endings
    }

    public init(locale: String) {
        self.init(rules: .forLocale(locale))
    }

    /// The terms of `text`, in order, repeated where the text repeats them. Folded, split and stemmed
    /// in UTF-8: a word becomes a string once, as its term.
    public func terms(_ text: String) -> [String] {
        var terms: [String] = []
        Self.forEachWord(in: Self.foldedBytes(text)) { word in
            if let term = term(utf8: word) { terms.append(term) }
        }
        return terms
    }

    /// The terms of `text`, each once, sorted: `Set(terms(text)).sorted()`. A word the text repeats
    /// is recognized by its folded bytes (`WordTable`) and made a term once: prose repeats half its
    /// words, and making a term (a string, a stop-word lookup, a stem) costs more than finding the word.
    public func distinctTerms(_ text: String) -> [String] {
        let folded = Self.foldedBytes(text)
        var terms: [String] = []
        folded.withUnsafeBufferPointer { buffer in
            var seen = WordTable(expected: buffer.count / 16)
            Self.forEachWord(in: folded) { word in
                guard seen.insert(word.startIndex..<word.endIndex, of: buffer), let term = term(utf8: word) else { return }
                terms.append(term)
            }
        }
        // Sorted (stably: of equal terms the first in the text stays, as a set keeps the first
        // inserted), then each once: two words may share a stem.
        terms.sort()
        var distinct: [String] = []
        distinct.reserveCapacity(terms.count)
        for term in terms where distinct.last != term { distinct.append(term) }
        return distinct
    }

    /// The words of one text seen so far, as ranges of its bytes: an open-addressing table of
    /// their starts and ends, found by an FNV-1a hash of their bytes.
    private struct WordTable {
        private var starts: [Int]
        private var ends: [Int]
        private var mask: Int
        private var count = 0

        init(expected: Int) {
            var size = 16
            while size < expected * 2 { size <<= 1 }
            starts = Array(repeating: -1, count: size)
            ends = Array(repeating: 0, count: size)
            mask = size - 1
        }

        /// Adds the word at `range` of `bytes`; false when the same bytes were added before.
        mutating func insert(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for index in range { hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01b3 }
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 32)) & mask
            while starts[slot] >= 0 {
                let (start, end) = (starts[slot], ends[slot])
                if end - start == range.count, memcmp(bytes.baseAddress! + start, bytes.baseAddress! + range.lowerBound, range.count) == 0 {
                    return false
                }
                slot = (slot + 1) & mask
            }
            starts[slot] = range.lowerBound
            ends[slot] = range.upperBound
            count += 1
            if count * 2 > starts.count { grow(bytes) }
            return true
        }

        private mutating func grow(_ bytes: UnsafeBufferPointer<UInt8>) {
            let words = zip(starts, ends).filter { $0.0 >= 0 }
            var larger = WordTable(expected: starts.count)
            for (start, end) in words { _ = larger.insert(start..<end, of: bytes) }
            self = larger
        }
    }

    /// The term of one folded word, or nil when it is not indexed.
    public func term(_ word: String) -> String? {
        term(utf8: Array(word.utf8)[...])
    }

    private func term(utf8 word: ArraySlice<UInt8>) -> String? {
        let scalarCount = Self.scalarCount(word)
        guard scalarCount >= SearchRules.minimumLength else { return nil }
        let text = String(decoding: word, as: UTF8.self)
        guard !stopWords.contains(text) else { return nil }
        return stemmed(word, scalarCount: scalarCount) ?? text
    }

    /// The word without the first ending of the table that leaves a long enough stem; words with
    /// digits are kept whole.
    public func stem(_ word: String) -> String {
        let bytes = Array(word.utf8)[...]
        return stemmed(bytes, scalarCount: Self.scalarCount(bytes)) ?? word
    }

    /// The stem of a word in UTF-8, nil when it keeps its ending. A word ends with an ending's scalars
    /// exactly when it ends with its bytes (no scalar's bytes end another's).
    private func stemmed(_ bytes: ArraySlice<UInt8>, scalarCount: Int) -> String? {
        guard let last = bytes.last, !bytes.contains(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        for (suffix, suffixScalars, replacement) in endings[Int(last)]
        where scalarCount - suffixScalars >= rules.minimumStem && bytes.count >= suffix.count && bytes.suffix(suffix.count).elementsEqual(suffix) {
            return String(decoding: bytes.dropLast(suffix.count), as: UTF8.self) + replacement
        }
        return nil
    }

    /// The number of scalars of valid UTF-8: its bytes but the continuation bytes (`10xxxxxx`).
    private static func scalarCount(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    /// Lowercased, accents dropped, special letters spelled out. Scalars below U+0250 (the Latin
    /// scripts: nearly all documentation) are folded one by one from a table built once with the
    /// same steps; they are starters that fold alone. Each run of other scalars goes through the
    /// whole-string steps (a run of one, commonly punctuation such as `’`, from the table too).
    public static func fold(_ text: String) -> String {
        String(decoding: foldedBytes(text), as: UTF8.self)
    }

    /// `fold(text)` in UTF-8.
    static func foldedBytes(_ text: String) -> [UInt8] {
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
        return folded
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
        var words: [String] = []
        forEachWord(in: Array(text.utf8)) { words.append(String(decoding: $0, as: UTF8.self)) }
        return words
    }

    /// Calls `body` with the UTF-8 of each run of word scalars of valid UTF-8 `bytes`, in order.
    static func forEachWord(in bytes: [UInt8], _ body: (ArraySlice<UInt8>) -> Void) {
        var start: Int?
        var index = 0
        while index < bytes.count {
            let (scalar, length) = scalar(in: bytes, at: index)
            if isWordScalar(scalar) {
                start = start ?? index
            } else if let wordStart = start {
                body(bytes[wordStart..<index])
                start = nil
            }
            index += length
        }
        if let wordStart = start { body(bytes[wordStart...]) }
    }

    /// The scalar whose valid UTF-8 starts at `index`, and its length in bytes.
    private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        func continuation(_ offset: Int) -> UInt32 { UInt32(bytes[index + offset] & 0x3F) }
        let (value, length): (UInt32, Int) = switch lead {
        case ..<0x80: (lead, 1)
        case ..<0xE0: ((lead & 0x1F) << 6 | continuation(1), 2)
        case ..<0xF0: ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3)
        default: ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
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
