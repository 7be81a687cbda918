import Foundation
@testable import StepwiseCommands
import StepwiseTestSupport
import Testing
import TutorialModel

/// `SortedJSONEncoder` must write what Foundation's `JSONEncoder` writes, byte for byte.
@Suite struct SortedJSONEncoderTests {
    private func foundation<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func sorted<T: Encodable>(_ value: T, indentation: Int = 0) throws -> String {
        String(decoding: try SortedJSONEncoder.encode(value, indentation: indentation), as: UTF8.self)
    }

    /// Keys in an order that byte order, case-insensitive and numeric orders all sort differently.
    private struct Keys: Encodable {
        var b = 1, B = 2, a10 = 3, a9 = 4, _x = 5, é = 6, aa = 7, a = 8
    }

    private struct Scalars: Encodable {
        var text = "quote \" backslash \\ slash / tab \t newline \n return \r \u{8} \u{C} \u{1} \u{1F} \u{7F} é 漢 🙂"
        var empty = ""
        var negative = -42
        var small: Int8 = -8
        var large = UInt64.max
        var huge = Int128.max
        var truth = true
        var falsehood = false
        var double = 1.0
        var fraction = 0.1
        var exponent = 1e300
        var float: Float = 2.5
        var missing: String? = nil
        var present: String? = "here"
    }

    private struct Containers: Encodable {
        var emptyArray: [Int] = []
        var emptyObject: [String: Int] = [:]
        var nested: [[String]] = [[], ["a", "b/c"], []]
        var dictionary = ["z": 1, "Z": 2, "10": 3, "9": 4]
        var objects = [Keys(), Keys()]
        var optionals: [Int?] = [1, nil, 3]
    }

    /// Foundation's special cases: encoded with the default strategies, not through `encode(to:)`.
    private struct FoundationValues: Encodable {
        var date = Date(timeIntervalSinceReferenceDate: 12.5)
        var whole = Date(timeIntervalSinceReferenceDate: 3)
        var data = Data([0, 1, 2, 250, 251, 252])
        var url = URL(string: "https://example.com/a/b?c=d#e")!
        var relative = URL(string: "b/c", relativeTo: URL(string: "https://example.com/a/"))!
        var decimal = Decimal(string: "12.340")!
    }

    /// Containers asked for by hand: nested ones, a super encoder, a repeated key and a value that
    /// encodes nothing.
    private struct HandWritten: Encodable {
        enum Key: String, CodingKey { case first, second, repeated, nothing }

        struct Nothing: Encodable {
            func encode(to encoder: any Encoder) throws {}
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: .first)
            var list = container.nestedUnkeyedContainer(forKey: .second)
            try container.encode(1, forKey: .repeated)
            try nested.encode("late", forKey: .second)
            try list.encode(true)
            var inner = list.nestedContainer(keyedBy: Key.self)
            try inner.encodeNil(forKey: .first)
            try list.encode(Nothing())
            try container.encode(2, forKey: .repeated)
            try container.encode(Nothing(), forKey: .nothing)
            try Keys().encode(to: container.superEncoder())
            try "sub".encode(to: list.superEncoder())
            var again = encoder.container(keyedBy: Key.self)  // the same object again
            try again.encode([Nothing()], forKey: .first)
        }
    }

    private struct SingleValue: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(Keys())
        }
    }

    @Test("scalars, escapes and numbers", arguments: [0, 1, 3])
    func scalars(indentation: Int) throws {
        let expected = try foundation(Scalars())
        let prefix = String(repeating: "  ", count: indentation)
        let indented = expected.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : prefix + $0 }
        #expect(try sorted(Scalars(), indentation: indentation) == indented.joined(separator: "\n"))
    }

    @Test("keys sorted by their UTF-8 bytes, containers empty and nested")
    func containers() throws {
        #expect(try sorted(Keys()) == foundation(Keys()))
        #expect(try sorted(Containers()) == foundation(Containers()))
        #expect(try sorted(["top", "level"]) == foundation(["top", "level"]))
        #expect(try sorted("fragment") == foundation("fragment"))
    }

    @Test("Foundation's own types, hand-written containers and single values")
    func specialCases() throws {
        #expect(try sorted(FoundationValues()) == foundation(FoundationValues()))
        #expect(try sorted(HandWritten()) == foundation(HandWritten()))
        #expect(try sorted(SingleValue()) == foundation(SingleValue()))
    }

    @Test("numbers JSON cannot hold and a value that encodes nothing are refused")
    func refusals() {
        #expect(throws: EncodingError.self) { try SortedJSONEncoder.encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try SortedJSONEncoder.encode(["x": Float.infinity]) }
        #expect(throws: EncodingError.self) { try SortedJSONEncoder.encode(HandWritten.Nothing()) }
    }

    @Test("the bundled content's models")
    func tutorials() throws {
        for seed in RepositoryFiles.seeds {
            let tutorial = try TutorialExtractor.seeds.extract(RepositoryFiles.content.appendingPathComponent(seed.path))
            #expect(try sorted(tutorial) == foundation(tutorial), "\(seed.path)")
        }
    }
}
