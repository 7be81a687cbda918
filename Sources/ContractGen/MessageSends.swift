/// Objective-C message sends inside a range: `[request setHTTPMethod:@"PUT"]`, read by keyword.
struct MessageSends {
    var tokens: [CodeToken]
    var range: Range<Int>

    /// The index of the first token after `keyword:`.
    func argument(of keyword: String) -> Int? {
        range.first { index in tokens[index].isWord(keyword) && index + 2 < range.upperBound && tokens[index + 1].isSymbol(":") }
            .map { $0 + 2 }
    }

    /// `[x first:A second:B]` pairs (index of A, index of B) for every such send.
    func calls(of first: String, labelled second: String) -> [(Int, Int)] {
        range.compactMap { index in
            guard tokens[index].isWord(first), index + 2 < range.upperBound, tokens[index + 1].isSymbol(":") else { return nil }
            let next = tokens.first(in: (index + 2)..<range.upperBound) { $0.isWord(second) }
            guard let next, tokens[next + 1].isSymbol(":") else { return nil }
            let value = tokens[(index + 2)..<next].first { $0.kind == .string || $0.kind == .identifier }
            guard let value, let valueIndex = tokens[(index + 2)..<next].firstIndex(of: value) else { return nil }
            return (valueIndex, next + 2)
        }
    }

    /// `NSString* name = [NSString stringWithFormat:@"Basic %@", self.authenticationHeader];` →
    /// `Basic <authenticationHeader>`.
    func formatted(variable: String) -> String? {
        for index in range where tokens[index].isWord(variable) && tokens[index + 1].isSymbol("=") {
            guard let format = tokens.first(in: index..<range.upperBound, where: { $0.isWord("stringWithFormat") }),
                tokens[format + 2].kind == .string
            else { continue }
            let close = tokens[format..<range.upperBound].firstIndex { $0.isSymbol("]") } ?? range.upperBound
            let names = tokens.split((format + 3)..<close, separator: ",").dropFirst().map { tokens[$0].last { $0.kind == .identifier }?.text ?? "value" }
            return ObjCURLFormat.substitute(tokens[format + 2].text, names)
        }
        return nil
    }

    /// `NSData* jsonData = [NSJSONSerialization dataWithJSONObject:deviceRegistration …]` → `deviceRegistration`.
    func jsonSource(of variable: String) -> String? {
        for index in range where tokens[index].isWord(variable) && tokens[index + 1].isSymbol("=") {
            let end = tokens.first(in: index..<range.upperBound) { $0.isSymbol(";") } ?? range.upperBound
            if let call = tokens.first(in: index..<end, where: { $0.isWord("dataWithJSONObject") }), tokens[call + 2].kind == .identifier {
                return tokens[call + 2].text
            }
        }
        return nil
    }
}
