/// A bag of language-independent anchors (code tokens, file names, terms, URLs, image names) that
/// two variants of the same content share whatever language their prose is in.
public struct AnchorSet: Hashable, Sendable {
    public private(set) var counts: [String: Int] = [:]
    public private(set) var total = 0

    public init<S: Sequence>(_ anchors: S) where S.Element == String {
        for anchor in anchors { insert(anchor) }
    }

    public mutating func insert(_ anchor: String) {
        counts[anchor, default: 0] += 1
        total += 1
    }

    public mutating func formUnion(_ other: AnchorSet) {
        for (anchor, count) in other.counts {
            counts[anchor, default: 0] += count
        }
        total += other.total
    }

    /// The Dice coefficient of the two bags: 1 for the same anchors, 0 for none shared.
    public func similarity(to other: AnchorSet) -> Double {
        guard total + other.total > 0 else { return 0 }
        let (small, large) = counts.count <= other.counts.count ? (counts, other.counts) : (other.counts, counts)
        let shared = small.reduce(0) { $0 + min($1.value, large[$1.key] ?? 0) }
        return 2 * Double(shared) / Double(total + other.total)
    }
}
