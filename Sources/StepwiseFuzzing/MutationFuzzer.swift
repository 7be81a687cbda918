public import Foundation
import StepwiseDiagnostics

/// A deterministic random-mutation fuzzer: the same seeds, dictionary and random seed give the same
/// inputs in the same order, so a finding is reproduced by its iteration number alone. It is the
/// fallback of libFuzzer (used by `scripts/fuzz` when the toolchain can build it) and what the tests
/// run for a few hundred inputs.
public struct MutationFuzzer {
    public var seeds: [Data]
    public var dictionary: [Data]
    private var random: SplitMix64

    public init(seeds: [Data], dictionary: [Data], randomSeed: UInt64) {
        precondition(!seeds.isEmpty, "the fuzzer needs at least one seed")
        self.seeds = seeds
        self.dictionary = dictionary.isEmpty ? [Data("\n".utf8)] : dictionary
        random = SplitMix64(seed: randomSeed)
    }

    /// The next input: a seed changed by one to eight mutations.
    public mutating func next() -> Data {
        var bytes = [UInt8](seeds[random.below(seeds.count)])
        for _ in 0...random.below(8) { mutate(&bytes) }
        return Data(bytes)
    }

    private mutating func mutate(_ bytes: inout [UInt8]) {
        let position = bytes.isEmpty ? 0 : random.below(bytes.count + 1)
        switch random.below(8) {
        case 0 where !bytes.isEmpty:  // flip a bit
            let index = min(position, bytes.count - 1)
            bytes[index] ^= UInt8(1) << UInt8(random.below(8))
        case 1:  // a random byte
            bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
        case 2 where !bytes.isEmpty:  // delete a range
            let end = min(bytes.count, position + 1 + random.below(64))
            bytes.removeSubrange(min(position, bytes.count - 1)..<end)
        case 3 where !bytes.isEmpty:  // duplicate a range
            let start = min(position, bytes.count - 1)
            let end = min(bytes.count, start + 1 + random.below(256))
            bytes.insert(contentsOf: bytes[start..<end], at: random.below(bytes.count + 1))
        case 4, 5:  // a dialect token
            bytes.insert(contentsOf: dictionary[random.below(dictionary.count)], at: position)
        case 6:  // a token repeated: deep nesting, long runs
            let token = dictionary[random.below(dictionary.count)]
            let count = 1 << random.below(14)
            bytes.insert(contentsOf: Array(repeating: [UInt8](token), count: count).joined(), at: position)
        default:  // a line of another seed
            let other = [UInt8](seeds[random.below(seeds.count)])
            let lines = other.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            bytes.insert(contentsOf: lines[random.below(lines.count)] + [UInt8(ascii: "\n")], at: position)
        }
    }

    /// Tokens of a libFuzzer dictionary file (`name="value"` or `"value"` lines, `\xNN` and `\\` escapes).
    public static func dictionary(_ text: String) -> [Data] {
        text.split(separator: "\n").compactMap { line -> Data? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("#"), let open = trimmed.firstIndex(of: "\""), trimmed.hasSuffix("\""), trimmed.count >= 2 else { return nil }
            let body = [UInt8](trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)].utf8)
            var bytes: [UInt8] = []
            var index = 0
            while index < body.count {
                if body[index] == UInt8(ascii: "\\"), index + 1 < body.count {
                    if body[index + 1] == UInt8(ascii: "x"), index + 3 < body.count,
                        let value = UInt8(String(decoding: body[(index + 2)...(index + 3)], as: UTF8.self), radix: 16) {
                        bytes.append(value)
                        index += 4
                        continue
                    }
                    bytes.append(body[index + 1])
                    index += 2
                    continue
                }
                bytes.append(body[index])
                index += 1
            }
            return bytes.isEmpty ? nil : Data(bytes)
        }
    }
}
