/// Queries over a token array: bracket matching, searching and spelling types.
extension Array where Element == CodeToken {
    /// The index of the bracket closing the one at `open`, or the end when unbalanced.
    func closing(_ open: Int) -> Int {
        let pairs: [String: String] = ["(": ")", "{": "}", "[": "]", "<": ">"]
        guard let close = pairs[self[open].text] else { return open }
        var depth = 0
        for index in open..<count where self[index].kind == .punctuation {
            if self[index].text == self[open].text { depth += 1 }
            if self[index].text == close { depth -= 1 }
            if depth == 0 { return index }
        }
        return count - 1
    }

    /// The first index in `range` where `predicate` holds.
    func first(in range: Range<Int>, where predicate: (CodeToken) -> Bool) -> Int? {
        range.first { predicate(self[$0]) }
    }

    /// The tokens' text joined as code: a space only between two words.
    func spelled(_ range: Range<Int>) -> String {
        var text = ""
        var previous: CodeToken?
        for token in self[range] where token.kind != .comment {
            if let previous, previous.kind == .identifier, token.kind == .identifier { text += " " }
            text += token.kind == .string ? "\"\(token.text)\"" : token.text
            previous = token
        }
        return text
    }

    /// Indexes in `range` that are not nested inside brackets opened within `range`.
    func topLevel(_ range: Range<Int>) -> [Int] {
        var result: [Int] = []
        var index = range.lowerBound
        while index < range.upperBound {
            result.append(index)
            let token = self[index]
            index = token.kind == .punctuation && ["(", "{", "["].contains(token.text) ? closing(index) + 1 : index + 1
        }
        return result
    }

    /// Splits `range` at top-level `separator` symbols.
    func split(_ range: Range<Int>, separator: String) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        for index in topLevel(range) where self[index].isSymbol(separator) {
            parts.append(start..<index)
            start = index + 1
        }
        if start < range.upperBound { parts.append(start..<range.upperBound) }
        return parts
    }
}
