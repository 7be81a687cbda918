import Foundation
import StepwiseDiagnostics
import Testing

/// `utf8ByteRange(of:)` reads native strings in place and copies others: either way it must find
/// the first occurrence of the needle's bytes, as a plain search over byte arrays does.
@Suite struct ByteSearchTests {
    /// The first occurrence of `needle` in `text`, byte by byte.
    static func naive(_ needle: String, in text: String) -> Range<Int>? {
        let haystack = Array(text.utf8), pattern = Array(needle.utf8)
        guard !pattern.isEmpty, pattern.count <= haystack.count else { return nil }
        return (0...(haystack.count - pattern.count)).first { haystack[$0..<($0 + pattern.count)].elementsEqual(pattern) }
            .map { $0..<($0 + pattern.count) }
    }

    static let texts = [
        "", "a", "short", "[!INCLUDE [a](b.md)]", "une ligne française, accentuée : é à ç", "e\u{301} décomposé", "![alt](media/x.png) and ![b][c]",
        String(repeating: "long line of text with include near the end ", count: 20) + "INCLUDE", "日本語のテキスト include", "x]:y", "]:",
    ]
    static let needles = ["a", "INCLUDE", "include", "![", "]:", "é", "e\u{301}", "à ç", "end INCLUDE", "日本", "xyz", "short!", "<img"]

    @Test("containsByte answers as the UTF-8 view does, for strings, substrings and bridged text")
    func containsByte() {
        let bytes: [UInt8] = [UInt8(ascii: "a"), UInt8(ascii: "]"), UInt8(ascii: ";"), UInt8(ascii: "/"), 0xC2, 0xE2, 0xA0, 0x80, 0x00]
        for text in Self.texts + ["a\u{A0}b", "“quoted”", "«x»", "x; y", "a\u{0}b"] {
            let bridged = NSString(string: text) as String
            for byte in bytes {
                let expected = text.utf8.contains(byte)
                #expect(text.containsByte(byte) == expected, "\(text.debugDescription) \(byte)")
                #expect(bridged.containsByte(byte) == expected, "bridged \(text.debugDescription) \(byte)")
                if !text.isEmpty {
                    let tail = text.dropFirst()
                    #expect(tail.containsByte(byte) == tail.utf8.contains(byte), "substring of \(text.debugDescription) \(byte)")
                }
            }
        }
    }

    @Test("a lower-case ASCII needle is found in any ASCII case, bytes past ASCII compared as they are")
    func ignoringASCIICase() {
        func folded(_ text: String) -> [UInt8] { text.utf8.map { (65...90).contains($0) ? $0 | 0x20 : $0 } }
        // Besides letters: bytes one case bit (0x20) away from another ("{" and "[", "`" and "@", "1"
        // and a control character), which only themselves match; a needle with an upper-case letter,
        // which nothing lower-cased matches.
        let needles = ["video", "include", "a", "é", "<img", "xyz", "end include", "{x", "`a", "a1", "1", "[x", "Video"]
        let others = ["[X", "{X", "@A", "`A", "A\u{11}", "A1", "[!VIDEO x]", "a1b", "\u{11}"]
        for text in Self.texts + others + ["[!VIDEO x]", "[Azure.Video", "ViDeO", "vide", "VİDEO", "ÉVIDEO", "[!INCLUDE", "<IMG src>"] {
            for needle in needles {
                let haystack = folded(text), pattern = Array(needle.utf8)
                let expected = pattern.count <= haystack.count
                    && (0...(haystack.count - pattern.count)).contains { haystack[$0..<($0 + pattern.count)].elementsEqual(pattern) }
                #expect(text.containsIgnoringASCIICase(needle) == expected, "\(needle) in \(text)")
                // Bytes with no contiguous storage, and a substring, answer alike.
                #expect(AnyCollection(text.utf8).containsIgnoringASCIICase(Array(needle.utf8)) == expected, "\(needle) in \(text)'s bytes")
                #expect(("#" + text).dropFirst().containsIgnoringASCIICase(needle) == expected, "\(needle) in sliced \(text)")
            }
        }
        #expect("[Azure.VIDEO x]".containsIgnoringASCIICase("video") && !"VİDEO".containsIgnoringASCIICase("video"))
        #expect(!"x".containsIgnoringASCIICase(""))
    }

    @Test("the first occurrence of the needle's bytes, in native, bridged and sliced text")
    func firstOccurrence() {
        for text in Self.texts {
            let bridged = String(NSString(string: text)), sliced = String(("#" + text).dropFirst())
            for needle in Self.needles {
                let expected = Self.naive(needle, in: text)
                #expect(text.utf8ByteRange(of: needle) == expected, "\(needle) in \(text)")
                #expect(bridged.utf8ByteRange(of: needle) == expected, "\(needle) in bridged \(text)")
                #expect(sliced.utf8ByteRange(of: needle) == expected, "\(needle) in sliced \(text)")
                #expect(text.utf8ByteRange(of: String(NSString(string: needle))) == expected, "bridged \(needle) in \(text)")
            }
            #expect(text.utf8ByteRange(of: "") == nil)
        }
    }

    /// Every string of up to `length` letters over `a`, `b` and `é` (whose two bytes differ), the
    /// empty one first.
    static func strings(upTo length: Int) -> [String] {
        var all = [""], layer = [""]
        for _ in 0..<length {
            layer = layer.flatMap { prefix in ["a", "b", "é"].map { prefix + $0 } }
            all += layer
        }
        return all
    }

    /// Every text of up to 7 bytes over `a`, `b` and `é` (whose two bytes differ), and every needle of
    /// up to 3: needles whose first and last bytes recur, matching at the start, at the end, overlapping.
    @Test("every short text and needle over a small alphabet, against the byte-by-byte search")
    func exhaustive() {
        let needles = Self.strings(upTo: 3)
        var found = 0
        for text in Self.strings(upTo: 5) + ["aab aba abb", "ééaé aéé"] {
            for needle in needles {
                let expected = Self.naive(needle, in: text)
                #expect(text.utf8ByteRange(of: needle) == expected, "\(needle) in \(text)")
                if expected != nil { found += 1 }
            }
        }
        #expect(found > 1_000)
    }

    @Test("a word holds a byte exactly when one of its eight bytes is that byte, wherever it stands and whatever surrounds it")
    func wordHoldsByte() {
        for target in [UInt8(0), 0x01, 0x22, 0x26, 0x5C, 0x7F, 0x80, 0xFF] {
            for filler in [UInt8(0), 0x01, target &+ 1, target &- 1, target ^ 0x80, 0xFF] where filler != target {
                let plain = [UInt8](repeating: filler, count: 8)
                #expect(!plain.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }.holdsByte(target), "\(target) in \(filler)s")
                for position in 0..<8 {
                    var bytes = plain
                    bytes[position] = target
                    #expect(bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }.holdsByte(target), "\(target) at \(position) in \(filler)s")
                }
            }
        }
    }
}
