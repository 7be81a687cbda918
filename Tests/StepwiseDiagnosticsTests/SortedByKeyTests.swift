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
}
