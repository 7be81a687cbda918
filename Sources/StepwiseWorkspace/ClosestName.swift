/// "Did you mean …?": the known name closest to a misspelled one, by edit distance.
public enum ClosestName {
    /// The candidate within a few edits of `name` (case ignored), nearest first; nil when none is close.
    public static func find(_ name: String, in candidates: [String]) -> String? {
        let lowered = Array(name.lowercased())
        let scored = candidates.map { ($0, distance(lowered, Array($0.lowercased()))) }
        guard let best = scored.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) else { return nil }
        return best.1 <= max(2, lowered.count / 3) ? best.0 : nil
    }

    /// Levenshtein distance between two character arrays.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
