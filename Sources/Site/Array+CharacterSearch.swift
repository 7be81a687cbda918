extension Array where Element == Character {
    /// True when `text` occurs at `index`.
    func hasText(_ text: String, at index: Int) -> Bool {
        let pattern = Array(text)
        return index >= 0 && index + pattern.count <= count && Array(self[index..<index + pattern.count]) == pattern
    }

    /// The first index at or after `start` where `text` occurs.
    func firstIndex(ofText text: String, from start: Int) -> Int? {
        let pattern = Array(text)
        guard start >= 0, start + pattern.count <= count else { return nil }
        return (start...(count - pattern.count)).first { Array(self[$0..<$0 + pattern.count]) == pattern }
    }
}
