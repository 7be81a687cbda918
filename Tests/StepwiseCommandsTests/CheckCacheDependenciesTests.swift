import Foundation
@testable import StepwiseCommands
import Testing

/// A share's files (`CheckCache.Dependencies`) are kept sorted and searched by bisection: each is found
/// with the hash a dictionary gives it, no other path is, and the key is the hash of the sorted lines.
@Suite struct CheckCacheDependenciesTests {
    /// Paths that sort in every way that matters: prefixes of each other, one byte apart, non-ASCII
    /// (a precomposed and a decomposed é are equal strings), and dots around slashes.
    static let paths = [
        "/c/a.md", "/c/a.md.bak", "/c/a", "/c/a/b.md", "/c/a-b.md", "/c/ab.md", "/c/é.md", "/c/Z.md", "/c/includes/x.md",
        "/c/media/image.png", "/d/a.md", "/c/a.mdx", "/c/.hidden.md",
    ]

    /// The key as it was made from a dictionary: its lines sorted by path.
    static func dictionaryKey(_ dependencies: [String: String]) -> String {
        ContentHash.hex(Data(dependencies.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)" }.joined(separator: "\n").utf8))
    }

    @Test("every subset of the paths: each found with its hash, every other path not found, the key the sorted lines' hash")
    func bisection() {
        let probes = Self.paths + ["/", "", "/c", "/c/", "/c/a.m", "/c/a.mdz", "/c/e\u{301}.md", "/c/zz.md", "/e/a.md"]
        for mask in 0..<(1 << Self.paths.count) where mask % 7 == 0 || mask.nonzeroBitCount <= 2 {
            let chosen = Self.paths.indices.filter { mask & (1 << $0) != 0 }
            let byPath = Dictionary(uniqueKeysWithValues: chosen.map { (Self.paths[$0], $0 % 3 == 0 ? "" : "hash-\($0)") })
            let dependencies = CheckCache.Dependencies(byPath)
            for probe in probes {
                #expect(dependencies.hash(of: probe) == byPath[probe], "\(probe) in \(chosen)")
            }
            #expect(dependencies.key == Self.dictionaryKey(byPath))
            #expect(dependencies.paths == byPath.keys.sorted())
        }
    }

    @Test("a share reads some of a set of files exactly when a path is in both, whichever of the two is larger")
    func readsAny() {
        let sets = (0..<(1 << 6)).map { mask in Set(Self.paths.prefix(6).indices.filter { mask & (1 << $0) != 0 }.map { Self.paths[$0] }) }
        let others = Array(Self.paths.dropFirst(6))
        for (index, files) in sets.enumerated() {
            let dependencies = CheckCache.Dependencies(Dictionary(uniqueKeysWithValues: files.map { ($0, "h") }))
            for changed in [Set<String>(), Set(others), Set(others.prefix(1))] + sets.enumerated().filter({ $0.offset % 5 == index % 5 }).map(\.element) {
                for extra in [Set<String>(), Set(others)] {
                    let set = changed.union(extra)
                    #expect(dependencies.readsAny(of: set) == !files.isDisjoint(with: set), "\(files.sorted()) against \(set.sorted())")
                }
            }
        }
    }

    @Test("stored as one array of paths and hashes, read back equal; an array that is odd, unsorted or repeats a path is refused")
    func flat() throws {
        let dependencies = CheckCache.Dependencies(["/b.md": "2", "/a.md": "1", "/c.png": ""])
        #expect(dependencies.flat == ["/a.md", "1", "/b.md", "2", "/c.png", ""])
        #expect(try CheckCache.Dependencies(flat: dependencies.flat) == dependencies)
        #expect(try CheckCache.Dependencies(flat: []).paths.isEmpty)
        for bad in [["/a.md"], ["/b.md", "2", "/a.md", "1"], ["/a.md", "1", "/a.md", "1"], ["/a.md", "1", "/b.md"]] {
            #expect(throws: (any Error).self, "\(bad)") { try CheckCache.Dependencies(flat: bad) }
        }
        let encoded = try CacheEncoder.encode(dependencies)
        #expect(try encoded.withUnsafeBytes { try CacheDecoder.decode(CheckCache.Dependencies.self, from: $0) } == dependencies)
    }
}
