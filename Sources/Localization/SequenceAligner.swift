/// Order-preserving alignment of two sequences (Needleman–Wunsch with free gaps): pairs items so the
/// total similarity is highest while both orders are kept. Items whose similarity is below the
/// threshold are never paired.
public struct SequenceAligner: Sendable {
    /// A pair of positions; one side is nil for an unmatched item.
    public struct Pair: Hashable, Sendable, Codable {
        public var source: Int?
        public var target: Int?

        public init(source: Int?, target: Int?) {
            self.source = source
            self.target = target
        }
    }

    public var threshold: Double

    public init(threshold: Double) {
        self.threshold = threshold
    }

    /// Above this many cells the exact alignment (time and memory in sourceCount × targetCount) gives
    /// way to a windowed one, linear in the counts: documents with thousands of sections or samples
    /// must not hang the check.
    public static let exactLimit = 1_000_000
    /// How far ahead the windowed alignment looks for the next pair, on each side.
    public static let window = 8

    /// Aligns `sourceCount` items with `targetCount` items; `similarity(i, j)` scores a pair in 0…1.
    public func align(sourceCount: Int, targetCount: Int, similarity: (Int, Int) -> Double) -> [Pair] {
        guard sourceCount * targetCount <= Self.exactLimit else {
            return alignWindowed(sourceCount: sourceCount, targetCount: targetCount, similarity: similarity)
        }
        let width = targetCount + 1
        var scores = [Double](repeating: 0, count: (sourceCount + 1) * width)
        var matches = [Double](repeating: -1, count: (sourceCount + 1) * width)
        for i in stride(from: sourceCount - 1, through: 0, by: -1) {
            for j in stride(from: targetCount - 1, through: 0, by: -1) {
                let score = similarity(i, j)
                matches[i * width + j] = score
                let paired = score >= threshold ? scores[(i + 1) * width + j + 1] + score : -1
                scores[i * width + j] = max(paired, scores[(i + 1) * width + j], scores[i * width + j + 1])
            }
        }
        return traceBack(sourceCount, targetCount, scores: scores, matches: matches)
    }

    /// Walks both sequences together, pairing each item with the nearest pairable one within the
    /// window (the fewest items skipped first); items with no partner nearby stay unpaired.
    func alignWindowed(sourceCount: Int, targetCount: Int, similarity: (Int, Int) -> Double) -> [Pair] {
        var pairs: [Pair] = []
        var i = 0, j = 0
        while i < sourceCount && j < targetCount {
            if let (di, dj) = nearestPair(i, j, sourceCount, targetCount, similarity) {
                pairs += (i..<(i + di)).map { Pair(source: $0, target: nil) } + (j..<(j + dj)).map { Pair(source: nil, target: $0) }
                pairs.append(Pair(source: i + di, target: j + dj))
                i += di + 1
                j += dj + 1
            } else {
                pairs += [Pair(source: i, target: nil), Pair(source: nil, target: j)]
                i += 1
                j += 1
            }
        }
        pairs += (i..<sourceCount).map { Pair(source: $0, target: nil) } + (j..<targetCount).map { Pair(source: nil, target: $0) }
        return pairs
    }

    private func nearestPair(_ i: Int, _ j: Int, _ sourceCount: Int, _ targetCount: Int, _ similarity: (Int, Int) -> Double) -> (Int, Int)? {
        for skipped in 0..<(2 * Self.window) {
            for di in 0...skipped where di < Self.window && skipped - di < Self.window {
                let dj = skipped - di
                if i + di < sourceCount, j + dj < targetCount, similarity(i + di, j + dj) >= threshold { return (di, dj) }
            }
        }
        return nil
    }

    private func traceBack(_ sourceCount: Int, _ targetCount: Int, scores: [Double], matches: [Double]) -> [Pair] {
        let width = targetCount + 1
        var pairs: [Pair] = []
        var i = 0, j = 0
        while i < sourceCount || j < targetCount {
            if i == sourceCount { pairs.append(Pair(source: nil, target: j)); j += 1; continue }
            if j == targetCount { pairs.append(Pair(source: i, target: nil)); i += 1; continue }
            let score = matches[i * width + j]
            if score >= threshold, scores[i * width + j] == scores[(i + 1) * width + j + 1] + score {
                pairs.append(Pair(source: i, target: j)); i += 1; j += 1
            } else if scores[i * width + j] == scores[(i + 1) * width + j] {
                pairs.append(Pair(source: i, target: nil)); i += 1
            } else {
                pairs.append(Pair(source: nil, target: j)); j += 1
            }
        }
        return pairs
    }
}
