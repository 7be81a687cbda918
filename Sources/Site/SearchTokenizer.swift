import Foundation

/// Text → search terms, the same way in Swift (the index) and in the browser (the query):
/// lowercase, decompose, drop the combining accents (U+0300–U+036F) and spell the letters of
/// `SearchRules.foldings` out (é → e, ß → ss, å → a, ñ → n), split into words of letters, marks and
/// digits, drop short and stop words, and strip one ending of the language's table.
public struct SearchTokenizer: Sendable {
    public let rules: SearchRules
    private let stopWords: Set<String>
    /// The stop words of at most eight bytes, each packed into an integer (`packed`): a word is
    /// looked up by its bytes, before it becomes a string.
    private let shortStopWords: Set<UInt64>
    /// Whether some stop word is longer than eight bytes (looked up as a string).
    private let hasLongStopWords: Bool
    /// `rules.suffixes` in UTF-8 with their length in scalars, in the table's order, by their last
    /// byte: a word is compared only with the endings that end as it does, in the same order.
    private let endings: [[(suffix: [UInt8], scalars: Int, replacement: String)]]

    public init(rules: SearchRules) {
        self.rules = rules
        stopWords = Set(rules.stopWords)
        shortStopWords = Set(rules.stopWords.compactMap { word in
            Array(word.utf8).withUnsafeBufferPointer { Self.packed($0) }
        })
        hasLongStopWords = rules.stopWords.contains { $0.utf8.count > 8 || $0.utf8.contains(0) }
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
        Self.foldedBytes(text).withUnsafeBufferPointer { buffer in
            Self.forEachWord(in: buffer) { word in
                if let term = term(utf8: UnsafeBufferPointer(rebasing: buffer[word])) { terms.append(term) }
            }
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
            Self.forEachWord(in: buffer) { word in
                guard seen.insert(word, of: buffer), let term = term(utf8: UnsafeBufferPointer(rebasing: buffer[word])) else { return }
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
        Array(word.utf8).withUnsafeBufferPointer { term(utf8: $0) }
    }

    private func term(utf8 word: UnsafeBufferPointer<UInt8>) -> String? {
        let scalarCount = Self.scalarCount(word)
        guard scalarCount >= SearchRules.minimumLength, !isStopWord(word) else { return nil }
        return stemmed(word, scalarCount: scalarCount) ?? String(decoding: word, as: UTF8.self)
    }

    private func isStopWord(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        if let packed = Self.packed(word) { return shortStopWords.contains(packed) }
        return hasLongStopWords && stopWords.contains(String(decoding: word, as: UTF8.self))
    }

    /// The bytes of a word of one to eight bytes, none of them zero, in one integer (the first byte
    /// lowest): two such words are equal exactly when their integers are. Nil for other words.
    private static func packed(_ word: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard !word.isEmpty, word.count <= 8 else { return nil }
        var value: UInt64 = 0
        for (offset, byte) in word.enumerated() {
            guard byte != 0 else { return nil }
            value |= UInt64(byte) << (8 * UInt64(offset))
        }
        return value
    }

    /// The word without the first ending of the table that leaves a long enough stem; words with
    /// digits are kept whole.
    public func stem(_ word: String) -> String {
        Array(word.utf8).withUnsafeBufferPointer { bytes in
            stemmed(bytes, scalarCount: Self.scalarCount(bytes)) ?? word
        }
    }

    /// The stem of a word in UTF-8, nil when it keeps its ending. A word ends with an ending's scalars
    /// exactly when it ends with its bytes (no scalar's bytes end another's).
    private func stemmed(_ bytes: UnsafeBufferPointer<UInt8>, scalarCount: Int) -> String? {
        guard let last = bytes.last, !bytes.contains(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        for (suffix, suffixScalars, replacement) in endings[Int(last)]
        where scalarCount - suffixScalars >= rules.minimumStem && bytes.count >= suffix.count && bytes.suffix(suffix.count).elementsEqual(suffix) {
            let stem = String(decoding: UnsafeBufferPointer(rebasing: bytes.dropLast(suffix.count)), as: UTF8.self)
            return replacement.isEmpty ? stem : stem + replacement
        }
        return nil
    }

    /// The number of scalars of valid UTF-8: its bytes but the continuation bytes (`10xxxxxx`).
    private static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    /// Lowercased, accents dropped, special letters spelled out. Scalars below U+0250 (the Latin
    /// scripts: nearly all documentation) are folded one by one from a table built once with the
    /// same steps; they are starters that fold alone. Each run of other scalars goes through the
    /// whole-string steps (a run of one, commonly punctuation such as `’`, from the table too).
    public static func fold(_ text: String) -> String {
        String(decoding: foldedBytes(text), as: UTF8.self)
    }

    /// `fold(text)` in UTF-8, read from the text's UTF-8.
    static func foldedBytes(_ text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { bytes in
            var folded: [UInt8] = []
            folded.reserveCapacity(bytes.count)
            var runStart = -1  // of the scalars from U+0250 on not folded yet
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                if lead < 0x80 {
                    if runStart >= 0 { appendFolding(of: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), to: &folded) }
                    runStart = -1
                    folded.append(lead >= 0x41 && lead <= 0x5A ? lead + 0x20 : lead)
                    index += 1
                    continue
                }
                let (scalar, length) = scalar(in: bytes, at: index)
                if scalar.value < ScalarTable.latinEnd {
                    if runStart >= 0 { appendFolding(of: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), to: &folded) }
                    runStart = -1
                    folded.append(contentsOf: ScalarTable.folded[Int(scalar.value - 0x80)])
                } else if runStart < 0 {
                    runStart = index
                }
                index += length
            }
            if runStart >= 0 { appendFolding(of: UnsafeBufferPointer(rebasing: bytes[runStart...]), to: &folded) }
            return folded
        }
    }

    /// Appends the folding of a run of scalars from U+0250 on, in UTF-8: a single scalar's from the
    /// table, a longer run's by the whole-string steps.
    private static func appendFolding(of run: UnsafeBufferPointer<UInt8>, to folded: inout [UInt8]) {
        let (first, length) = scalar(in: run, at: 0)
        if length == run.count, first.value < ScalarTable.end {
            folded.append(contentsOf: ScalarTable.folded[Int(first.value - 0x80)])
        } else {
            folded.append(contentsOf: foldWhole(String(decoding: run, as: UTF8.self)).utf8)
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
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            forEachWord(in: bytes) { words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self)) }
        }
        return words
    }

    /// Calls `body` with the range of each run of word scalars of valid UTF-8 `bytes`, in order.
    /// ASCII bytes are told from a table of bits; other scalars by their general category.
    static func forEachWord(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        var start = -1
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let isWord: Bool
            let length: Int
            if lead < 0x80 {
                isWord = asciiWordBits[Int(lead >> 6)] >> UInt64(lead & 63) & 1 == 1
                length = 1
            } else {
                let (scalar, scalarLength) = scalar(in: bytes, at: index)
                isWord = isWordScalar(scalar)
                length = scalarLength
            }
            if isWord {
                if start < 0 { start = index }
            } else if start >= 0 {
                body(start..<index)
                start = -1
            }
            index += length
        }
        if start >= 0 { body(start..<bytes.count) }
    }

    /// The ASCII word bytes (letters and digits) as bits: byte `b` is bit `b % 64` of word `b / 64`.
    private static let asciiWordBits: [UInt64] = {
        var bits: [UInt64] = [0, 0]
        for byte in UInt8(0)..<0x80 where isWordScalar(Unicode.Scalar(byte)) { bits[Int(byte >> 6)] |= 1 << UInt64(byte & 63) }
        return bits
    }()

    /// The scalar whose valid UTF-8 starts at `index`, and its length in bytes.
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
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
