import StepwiseDiagnostics
import Testing

@Suite struct SortedByKeyTests {
    private struct Item: Equatable {
        var key: String
        var id: Int
    }

    @Test("sorting by a key gives the order of comparing that key in a closure, equal keys included, and makes each key once")
    func sameOrderKeysOnce() {
        var generator = SystemRandomNumberGenerator()
        let items = (0..<500).map { Item(key: "k\(Int.random(in: 0..<60, using: &generator))", id: $0) }.shuffled()
        var made = 0
        let sorted = items.sorted(byKey: { item -> String in
            made += 1
            return item.key
        })
        #expect(sorted == items.sorted { $0.key < $1.key })
        #expect(made == items.count)
    }

    @Test("sorting by position gives the order of sorting the elements, equal elements in the same order")
    func byPositionSameOrder() {
        var generator = SystemRandomNumberGenerator()
        let items = (0..<2_000).map { Item(key: "k\(Int.random(in: 0..<60, using: &generator))", id: $0) }.shuffled()
        #expect(items.sortedByPosition { $0.key < $1.key } == items.sorted { $0.key < $1.key })
        #expect([Item]().sortedByPosition { $0.key < $1.key }.isEmpty)
    }

    @Test("merging a sorted array into another, in place, gives what a stable sort of both gives: equal elements of the first before those of the second")
    func mergingIsAStableSort() {
        var generator = SystemRandomNumberGenerator()
        for (left, right) in [(0, 0), (0, 5), (5, 0), (1, 1), (300, 700), (1_000, 1), (1, 1_000), (2_000, 30)] {
            let first = (0..<left).map { Item(key: "k\(Int.random(in: 0..<40, using: &generator))", id: $0) }.sorted { $0.key < $1.key }
            let second = (0..<right).map { Item(key: "k\(Int.random(in: 0..<40, using: &generator))", id: -$0 - 1) }.sorted { $0.key < $1.key }
            var merged = first
            merged.merge(sorted: second) { $0.key < $1.key }
            #expect(merged == (first + second).sorted { $0.key < $1.key })
        }
    }

    @Test("an array is sorted when no element comes before the one ahead of it; equal neighbours are sorted")
    func isSorted() {
        #expect([Int]().isSorted(by: <) && [3].isSorted(by: <) && [1, 2, 2, 5].isSorted(by: <))
        #expect(![1, 3, 2].isSorted(by: <) && ![2, 1].isSorted(by: <))
    }

    @Test("permuting in place puts at each place the element the order names there, for every permutation of up to six elements")
    func permute() {
        // Strings too long to be stored inline: each is a heap object, which a wrong move would free or leak.
        let values = (0..<6).map { "a value long enough to live on the heap, number \($0)" }
        func permutations(_ count: Int) -> [[Int]] {
            guard count > 0 else { return [[]] }
            return permutations(count - 1).flatMap { smaller in (0...smaller.count).map { at in
                var order = smaller
                order.insert(count - 1, at: at)
                return order
            } }
        }
        var checked = 0
        for count in 0...6 {
            for order in permutations(count) {
                var elements = Array(values.prefix(count))
                elements.permute(to: order)
                #expect(elements == order.map { values[$0] }, "\(order)")
                checked += 1
            }
        }
        #expect(checked == 1 + 1 + 2 + 6 + 24 + 120 + 720)
        #expect(values.allSatisfy { $0.hasPrefix("a value long enough") }, "the originals are intact")
    }
}
