extension Array where Element == Character {
    /// True when `text` occurs at `index`. Compared in place: the highlighter asks at every token.
    func hasText(_ text: String, at index: Int) -> Bool {
        guard index >= 0, index <= count else { return false }
        var position = index
        for character in text {
            guard position < count, self[position] == character else { return false }
            position += 1
        }
        return true
    }

    /// The first index at or after `start` where `text` occurs.
    func firstIndex(ofText text: String, from start: Int) -> Int? {
        let pattern = Array(text)
        guard start >= 0, start + pattern.count <= count else { return nil }
        return (start...(count - pattern.count)).first { candidate in
            pattern.indices.allSatisfy { self[candidate + $0] == pattern[$0] }
        }
    }
}
