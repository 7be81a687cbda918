/// What the code tokenizer reads code as: its characters (any text), or its Unicode scalars when
/// every character of the code is a single scalar (`Highlighter.isSingleScalarText`) — then both
/// read the same units with the same properties (a character's properties are its first scalar's),
/// and the scalars come without grapheme breaking.
protocol HighlightUnit: Equatable, ExpressibleByUnicodeScalarLiteral {
    /// The units of `text`, and where each starts in it, then its end.
    static func split(_ text: String) -> (units: [Self], starts: [String.Index])
    var isLetterASCIIFirst: Bool { get }
    var isNumberASCIIFirst: Bool { get }
    var isWhitespaceASCIIFirst: Bool { get }
    /// Whether the unit is in `characters`, whose ASCII members `mask` holds.
    func isIn(_ characters: Set<Character>, mask: ASCIIMask) -> Bool
}

extension Character: HighlightUnit {
    static func split(_ text: String) -> (units: [Character], starts: [String.Index]) {
        (Array(text), Array(text.indices) + [text.endIndex])
    }

    func isIn(_ characters: Set<Character>, mask: ASCIIMask) -> Bool {
        mask.contains(self, in: characters)
    }
}

extension Unicode.Scalar: HighlightUnit {
    static func split(_ text: String) -> (units: [Unicode.Scalar], starts: [String.Index]) {
        let scalars = text.unicodeScalars
        return (Array(scalars), Array(scalars.indices) + [scalars.endIndex])
    }

    /// `Character.isLetter` of the scalar alone.
    var isLetterASCIIFirst: Bool {
        isASCII ? UInt8(truncatingIfNeeded: value).isASCIILetter : properties.isAlphabetic
    }

    /// `Character.isNumber` of the scalar alone.
    var isNumberASCIIFirst: Bool {
        isASCII ? (0x30...0x39).contains(value) : properties.numericType != nil
    }

    /// `Character.isWhitespace` of the scalar alone.
    var isWhitespaceASCIIFirst: Bool {
        isASCII ? value == 0x20 || (0x09...0x0D).contains(value) : properties.isWhitespace
    }

    func isIn(_ characters: Set<Character>, mask: ASCIIMask) -> Bool {
        isASCII ? mask.contains(UInt8(truncatingIfNeeded: value)) : characters.contains(Character(self))
    }
}

extension Array where Element: HighlightUnit {
    /// True when `text` (as units) occurs at `index`. Compared in place: the highlighter asks at every token.
    func hasUnits(_ text: [Element], at index: Int) -> Bool {
        guard index >= 0, index + text.count <= count else { return false }
        for offset in text.indices where self[index + offset] != text[offset] { return false }
        return true
    }

    /// The first index at or after `start` where `text` (as units) occurs.
    func firstIndex(ofUnits text: [Element], from start: Int) -> Int? {
        guard start >= 0, start + text.count <= count else { return nil }
        return (start...(count - text.count)).first { hasUnits(text, at: $0) }
    }
}
