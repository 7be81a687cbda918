@testable import Site
import Testing

/// The names of content-named files: 64-bit FNV-1a, the same value however the bytes are held.
@Suite struct ContentHashTests {
    @Test("FNV-1a's published values, from a string's UTF-8, an array, a substring and a sequence read byte by byte")
    func knownValues() {
        // The reference values of FNV-1a 64 (Fowler, Noll, Vo: the test suite of the algorithm's authors).
        let vectors: [(String, UInt64)] = [("", 0xcbf2_9ce4_8422_2325), ("a", 0xaf63_dc4c_8601_ec8c), ("foobar", 0x8594_4171_f739_67e8)]
        for (text, expected) in vectors {
            #expect(ContentHash.fnv1a(text.utf8) == expected)
            #expect(ContentHash.fnv1a(Array(text.utf8)) == expected)
            #expect(ContentHash.fnv1a(("<" + text + ">").dropFirst().dropLast().utf8) == expected)
            #expect(ContentHash.fnv1a(AnySequence(text.utf8)) == expected)
        }
        #expect(ContentHash.hex("a".utf8) == "af63dc4c8601ec8c" && ContentHash.hex("".utf8) == "cbf29ce484222325")
        let long = String(repeating: "é terme ", count: 10_000)
        #expect(ContentHash.fnv1a(long.utf8) == ContentHash.fnv1a(AnySequence(long.utf8)))
    }
}
