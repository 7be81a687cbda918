extension StringProtocol {
    /// Whether every character of the text is one Unicode scalar, but `"\r\n"` (one character of two):
    /// true when each scalar is one that no grapheme rule joins to its neighbours — below U+0300,
    /// where the combining marks start, or in U+2000–U+20CF (spaces, punctuation such as ’ “ ” … and
    /// the narrow no-break space, currency signs) but for the zero-width joiner and non-joiner. The
    /// text of French, Spanish and English documents nearly always is: then a character's properties
    /// (`isWhitespace`, `isNumber`: those of its first scalar) can be read scalar by scalar.
    var hasScalarCharacters: Bool {
        unicodeScalars.allSatisfy { scalar in
            scalar.value < 0x300 || ((0x2000...0x20CF).contains(scalar.value) && scalar.value != 0x200C && scalar.value != 0x200D)
        }
    }
}
