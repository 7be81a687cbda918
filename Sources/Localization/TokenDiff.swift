/// A minimal difference between two token sequences: the hunks where they disagree.
public struct TokenDiff: Hashable, Sendable {
    /// A region where the source tokens `source` were replaced by the target tokens `target`.
    public struct Hunk: Hashable, Sendable {
        public var source: Range<Int>
        public var target: Range<Int>

        public init(source: Range<Int>, target: Range<Int>) {
            self.source = source
            self.target = target
        }
    }

    public var hunks: [Hunk]

    public var isEmpty: Bool { hunks.isEmpty }

    /// Differences of `source` and `target` by longest common subsequence. Common prefix and suffix
    /// are trimmed first, so near-identical samples cost linear time; the quadratic table covers only
    /// the differing middle (bounded: a middle larger than `limit` cells becomes a single hunk).
    public init(source: [String], target: [String], limit: Int = 4_000_000) {
        var prefix = 0
        while prefix < source.count, prefix < target.count, source[prefix] == target[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < source.count - prefix, suffix < target.count - prefix,
            source[source.count - 1 - suffix] == target[target.count - 1 - suffix]
        { suffix += 1 }
        let middleSource = Array(source[prefix..<source.count - suffix])
        let middleTarget = Array(target[prefix..<target.count - suffix])
        if middleSource.isEmpty && middleTarget.isEmpty {
            hunks = []
        } else if middleSource.count * middleTarget.count > limit || middleSource.isEmpty || middleTarget.isEmpty {
            hunks = [Hunk(source: prefix..<source.count - suffix, target: prefix..<target.count - suffix)]
        } else {
            hunks = Self.lcsHunks(middleSource, middleTarget).map {
                Hunk(source: $0.source.shifted(by: prefix), target: $0.target.shifted(by: prefix))
            }
        }
    }

    private static func lcsHunks(_ a: [String], _ b: [String]) -> [Hunk] {
        let width = b.count + 1
        var table = [Int32](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i * width + j] = a[i] == b[j]
                    ? table[(i + 1) * width + j + 1] + 1
                    : max(table[(i + 1) * width + j], table[i * width + j + 1])
            }
        }
        var hunks: [Hunk] = []
        var i = 0, j = 0, startI = 0, startJ = 0
        func close() {
            if i > startI || j > startJ { hunks.append(Hunk(source: startI..<i, target: startJ..<j)) }
        }
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                close()
                i += 1; j += 1
                startI = i; startJ = j
            } else if j == b.count || (i < a.count && table[(i + 1) * width + j] >= table[i * width + j + 1]) {
                i += 1
            } else {
                j += 1
            }
        }
        close()
        return hunks
    }
}

extension Range where Bound == Int {
    func shifted(by offset: Int) -> Range<Int> { (lowerBound + offset)..<(upperBound + offset) }
}
