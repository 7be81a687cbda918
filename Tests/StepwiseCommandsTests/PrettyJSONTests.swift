import Foundation
@testable import StepwiseCommands
import StepwiseDiagnostics
import StepwiseTestSupport
import StepwiseWorkspace
import Testing
@testable import TutorialModel

/// `PrettyJSON` must write what Foundation's `JSONEncoder` writes for the same values' `Encodable`
/// conformances, byte for byte: the model's JSON is written by hand, and the conformances stay the
/// schema.
@Suite struct PrettyJSONTests {
    private func foundation<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func pretty(_ value: some PrettyJSONWritable, level: Int = 0) -> String {
        String(decoding: PrettyJSON.bytes(of: value, level: level), as: UTF8.self)
    }

    private static let escapes = "quote \" backslash \\ slash / tab \t newline \n return \r \u{8} \u{C} \u{1} \u{1F} \u{7F} é 漢 🙂 \u{2028}"

    @Test("strings, numbers, booleans and null, at any indentation", arguments: [0, 1, 3, 40])
    func scalars(level: Int) throws {
        let texts = [Self.escapes, "", "plain", "e\u{301}"]
        let numbers = [0, 7, 9, 10, -1, -42, 1_234_567, Int.max, Int.min]
        let optionals: [Int?] = [1, nil, 3]
        let prefix = String(repeating: "  ", count: level)
        for (expected, written) in [
            (try foundation(texts), pretty(texts, level: level)), (try foundation(numbers), pretty(numbers, level: level)),
            (try foundation([true, false]), pretty([true, false], level: level)), (try foundation(optionals), pretty(optionals, level: level)),
        ] {
            let indented = expected.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : prefix + $0 }
            #expect(written == indented.joined(separator: "\n"))
        }
    }

    /// Strings are scanned eight bytes at a time: each byte JSON escapes, and each byte next to the
    /// thresholds of that test (0x1F/0x20, 0x21/0x22/0x23, 0x5B/0x5C/0x5D, 0x7F/0x80, 0xFF in UTF-8),
    /// alone or in pairs at every offset of strings from 0 to 24 bytes, in a word and across two.
    @Test("keys written at every fill of the writer's memory, at any indentation: each in the room made for all its bytes")
    func keysAtEveryFill() {
        let fields = [("a", 1), ("ab", 22), ("abc", 333), ("abcd", 4), ("abcde", 55), ("abcdef", 6)]
        for capacity in 16...64 {
            for level in 0...3 {
                var json = PrettyJSON(level: level, capacity: capacity)
                json.object { json in
                    json.field("a", 1)
                    json.field("ab", 22)
                    json.field("abc", 333)
                    json.field("abcd", 4)
                    json.field("abcde", 55)
                    json.field("abcdef", 6)
                }
                let outer = String(repeating: " ", count: 2 * level), inner = String(repeating: " ", count: 2 * level + 2)
                let expected = outer + "{\n" + fields.map { inner + "\"\($0.0)\" : \($0.1)" }.joined(separator: ",\n") + "\n" + outer + "}"
                #expect(String(decoding: json.bytes, as: UTF8.self) == expected, "capacity \(capacity), level \(level)")
            }
        }
    }

    @Test("escapes found at every offset of a string, in and across words")
    func escapesAtEveryOffset() throws {
        let specials: [String] = ["\u{0}", "\u{1F}", " ", "!", "\"", "#", "[", "\\", "]", "\u{7F}", "\u{80}", "\u{FF}", "\n", "\t", "é"]
        var texts: [String] = []
        for length in 0...24 {
            let filler = String(repeating: "a", count: length)
            texts.append(filler)
            for special in specials {
                for offset in 0...length {
                    var text = filler
                    text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: offset))
                    texts.append(text)
                    // A second special byte further on: a borrow from the first must not hide it.
                    if offset + 3 <= text.count {
                        var pair = text
                        pair.insert(contentsOf: "\\", at: pair.index(pair.startIndex, offsetBy: offset + 3))
                        texts.append(pair)
                    }
                }
            }
        }
        #expect(pretty(texts) == (try foundation(texts)))
        #expect(texts.count > 3_000)
    }

    @Test("dictionaries sorted by their keys' bytes; empty and nested containers")
    func containers() throws {
        let dictionary = ["z": "1", "Z": "2", "10": "3", "9": "4", "é": "5", "e": "6", "ms.date": "7", "ms": "8"]
        #expect(pretty(dictionary) == (try foundation(dictionary)))
        let nested: [[String]] = [[], ["a", "b/c"], []]
        #expect(pretty(nested) == (try foundation(nested)))
        #expect(pretty([String: [Int]]()) == (try foundation([String: [Int]]())))
        #expect(pretty(["a": [Int](), "b": [1]]) == (try foundation(["a": [Int](), "b": [1]])))
        #expect(pretty([[String: Int]]()) == (try foundation([[String: Int]]())))
    }

    /// An object holding `elements` between two other fields, written by `field(_:concurrently:)`
    /// or by `field(_:_:)`.
    private struct Holder<Element: PrettyJSONWritable & Sendable>: PrettyJSONWritable {
        var elements: [Element]
        var concurrently: Bool

        func write(to json: inout PrettyJSON) {
            json.object { json in
                json.field("a", 1)
                if concurrently { json.field("items", concurrently: elements) } else { json.field("items", elements) }
                json.field("z", "end")
            }
        }
    }

    /// `Holder`'s fields as `Encodable` has them.
    private struct Plain<Element: Encodable>: Encodable {
        var a = 1
        var items: [Element]
        var z = "end"
    }

    /// Counts about the runs `concurrentRuns(minimumRun: 256)` cuts (1 up to 511 elements; 2 from 512 on
    /// with any worker count; up to 4 × workers), and scalars, strings with escapes and containers.
    @Test("an array written on all cores in runs is byte for byte the array written in one go", arguments: [0, 1, 2, 255, 256, 511, 512, 513, 1_025, 5_000])
    func concurrentArray(count: Int) throws {
        let numbers = (0..<count).map { $0 * 7 - 300 }
        let texts = (0..<count).map { "\($0) \(Self.escapes)" }
        let nested = (0..<count).map { index in index % 3 == 0 ? [] : [["k\(index)": index]] }
        for level in [0, 2] {
            #expect(pretty(Holder(elements: numbers, concurrently: true), level: level) == pretty(Holder(elements: numbers, concurrently: false), level: level))
            #expect(pretty(Holder(elements: texts, concurrently: true), level: level) == pretty(Holder(elements: texts, concurrently: false), level: level))
            #expect(pretty(Holder(elements: nested, concurrently: true), level: level) == pretty(Holder(elements: nested, concurrently: false), level: level))
        }
        #expect(pretty(Holder(elements: texts, concurrently: true)) == (try foundation(Plain(items: texts))))
        #expect(pretty(Holder(elements: nested, concurrently: true)) == (try foundation(Plain(items: nested))))
        // Kept in pieces: the same text joined, each run of the array a piece of its own.
        for holder in [Holder(elements: texts, concurrently: true), Holder(elements: texts, concurrently: false)] {
            var json = PrettyJSON(pieces: (), capacity: 16)
            holder.write(to: &json)
            let pieces = json.takePieces()
            #expect(pieces.joined() == pretty(holder), "\(count) elements, concurrently: \(holder.concurrently)")
            // Around the array, then each run and the separators between runs (from 512 elements on, two runs or more).
            let separators = pieces.filter { $0 == ",\n" }.count
            #expect(pieces.count == (holder.concurrently && count > 1 ? 2 + 2 * separators + 1 : 1))
            #expect(separators > 0 || !holder.concurrently || count < 512)
            #expect(json.takePieces().isEmpty, "taken once")
        }
    }

    @Test("a model with every optional present is written as its Encodable conformances encode it")
    func fullModel() throws {
        let written = pretty(SampleModels.full)
        #expect(written == (try foundation(SampleModels.full)))
        // Every key of the fixture was read and is written again: no field of the model is left out.
        let fixture = try JSONSerialization.jsonObject(with: Data(contentsOf: SampleModels.fullURL)) as? NSDictionary
        let again = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? NSDictionary
        #expect(fixture != nil && fixture == again)
    }

    @Test("a model with every optional absent: left out, or null where the type writes every key")
    func emptiedModel() throws {
        var tutorial = SampleModels.full
        tutorial.metadata = TutorialMetadata(
            format: "none", title: nil, description: nil, author: nil, date: nil, assetID: nil, contentLocale: nil, translationType: nil,
            openLocFileHash: nil, sourceGitCommit: nil, values: [:])
        for s in tutorial.sections.indices {
            tutorial.sections[s].sourceTitle = nil
            tutorial.sections[s].anchor = nil
            tutorial.sections[s].tab = nil
            tutorial.sections[s].origin.include = nil
            for p in tutorial.sections[s].paragraphs.indices {
                tutorial.sections[s].paragraphs[p].list = nil
                tutorial.sections[s].paragraphs[p].table = nil
                tutorial.sections[s].paragraphs[p].html = nil
                tutorial.sections[s].paragraphs[p].heading = nil
                tutorial.sections[s].paragraphs[p].beforeInclude = nil
                tutorial.sections[s].paragraphs[p].inlines = [InlineSpan(kind: .text, text: "t")]
            }
            for a in tutorial.sections[s].alerts.indices {
                tutorial.sections[s].alerts[a].label = nil
                tutorial.sections[s].alerts[a].endLine = nil
                tutorial.sections[s].alerts[a].placeholder?.rule = nil
            }
            for c in tutorial.sections[s].code.indices {
                tutorial.sections[s].code[c].file = nil
                tutorial.sections[s].code[c].inferredFile = nil
                tutorial.sections[s].code[c].action = nil
                tutorial.sections[s].code[c].damage = nil
                tutorial.sections[s].code[c].reference = nil
            }
            for t in tutorial.sections[s].steps.indices {
                tutorial.sections[s].steps[t].sourceText = nil
                tutorial.sections[s].steps[t].code = []
                tutorial.sections[s].steps[t].terms = []
            }
        }
        for i in tutorial.images.indices {
            var image = ImageReferenceInfo(label: tutorial.images[i].label, alt: "", destination: nil, origin: tutorial.images[i].origin)
            image.origin.include = nil
            tutorial.images[i] = image
        }
        for i in tutorial.includes.indices { tutorial.includes[i].problem = nil }
        for d in tutorial.diagnostics.indices {
            tutorial.diagnostics[d].path = nil
            tutorial.diagnostics[d].line = nil
            tutorial.diagnostics[d].column = nil
            tutorial.diagnostics[d].fix = nil
        }
        let written = pretty(tutorial)
        #expect(written == (try foundation(tutorial)))
        #expect(written != pretty(SampleModels.full))
        #expect(written.contains("\"file\" : null") && written.contains("\"damage\" : null") && !written.contains("\"reference\""))
    }

    @Test("the bundled content's models and the corpus samples' (52 real Azure articles)")
    func realModels() throws {
        let tutorials = SampleModels.all
        #expect(tutorials.count == 5 + 4 + 48)
        for tutorial in tutorials {
            #expect(pretty(tutorial) == (try foundation(tutorial)), "\(tutorial.source)")
        }
        #expect(pretty(tutorials) == (try foundation(tutorials)))
    }
}
