import Foundation
@testable import StepwiseCommands
import Testing

@Suite struct ContentHashTests {
    @Test("a running hash of pieces is the hash of the pieces joined", arguments: [
        [], [""], ["a"], ["key", "\n", "fr-fr/articles/é.md", "\t", "fr-fr"], ["👩‍💻", "", "x\r\ny"],
    ])
    func runningHash(pieces: [String]) {
        var running = ContentHash.Running()
        for piece in pieces { running.add(piece) }
        #expect(running.hex == ContentHash.hex(Data(pieces.joined().utf8)))
    }

    @Test("pieces in another order or cut elsewhere hash alike only when their bytes do")
    func order() {
        func hash(_ pieces: [String]) -> String {
            var running = ContentHash.Running()
            for piece in pieces { running.add(piece) }
            return running.hex
        }
        #expect(hash(["ab", "c"]) == hash(["a", "bc"]))
        #expect(hash(["ab", "c"]) != hash(["c", "ab"]))
        #expect(hash(["a"]) != hash(["a", "\u{0}"]))
    }
}
