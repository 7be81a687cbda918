@testable import Site
import Testing

/// The highlighter's search for a text's units (here characters) in a sample's, held to the plain
/// definition (the units of the text equal to those at the index) on crafted and generated cases.
@Suite struct CharacterSearchTests {
    /// The definition: the slice at `index` as long as `text`, equal to its characters.
    private func occurs(_ text: String, in characters: [Character], at index: Int) -> Bool {
        let pattern = Array(text)
        return index >= 0 && index + pattern.count <= characters.count && Array(characters[index..<index + pattern.count]) == pattern
    }

    @Test("hasUnits and firstIndex(ofUnits:from:) on crafted cases: bounds, an empty text, characters of several scalars")
    func crafted() {
        let characters = Array("a /* é */ //e\u{301}")
        #expect(characters.hasUnits(Array("/*"), at: 2) && !characters.hasUnits(Array("/*"), at: 3))
        #expect(characters.hasUnits(Array(""), at: 0) && characters.hasUnits(Array(""), at: characters.count))
        #expect(!characters.hasUnits(Array(""), at: -1) && !characters.hasUnits(Array(""), at: characters.count + 1))
        #expect(!characters.hasUnits(Array("a"), at: -1) && !characters.hasUnits(Array("é"), at: characters.count))
        #expect(characters.hasUnits(Array("é"), at: 5), "a precomposed é")
        #expect(characters.hasUnits(Array("//é"), at: 10), "the text's é, precomposed, equals the decomposed one: one Character")
        #expect(!characters.hasUnits(Array("//ée"), at: 10), "a text running past the end")
        #expect(characters.firstIndex(ofUnits: Array("*/"), from: 0) == 7)
        #expect(characters.firstIndex(ofUnits: Array("*/"), from: 8) == nil)
        #expect(characters.firstIndex(ofUnits: Array("//"), from: 0) == 10)
        #expect(characters.firstIndex(ofUnits: Array(""), from: 4) == 4)
        #expect(characters.firstIndex(ofUnits: Array("a"), from: -1) == nil)
    }

    @Test("every index of generated texts answers as the definition does")
    func generated() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["a", "b", "/", "*", "é", "e\u{301}"]
        for _ in 0..<200 {
            let characters = (0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let text = String((0..<Int.random(in: 0...3, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            for index in -1...(characters.count + 1) {
                #expect(characters.hasUnits(Array(text), at: index) == occurs(text, in: characters, at: index), "\(characters) \(text) \(index)")
                let expected = index < 0 ? nil : (index...max(index, characters.count)).first { occurs(text, in: characters, at: $0) }
                #expect(characters.firstIndex(ofUnits: Array(text), from: index) == expected, "\(characters) \(text) from \(index)")
            }
        }
    }
}
