import Foundation
@testable import Site
import StepwiseTestSupport
import Testing

/// The Mustache specification's core modules (github.com/mustache/spec, copied into
/// Fixtures/mustache-spec with its licence) run against the site's template engine.
@Suite struct TemplateSpecTests {
    /// One test of a spec file.
    struct Case: Decodable, CustomTestStringConvertible {
        var module = ""
        var name: String
        var data: JSONValue
        var template: String
        var expected: String
        var partials: [String: String]?

        private enum CodingKeys: String, CodingKey { case name, data, template, expected, partials }

        var testDescription: String { "\(module): \(name)" }
    }

    /// A JSON value as the spec writes data.
    enum JSONValue: Decodable {
        case null, bool(Bool), int(Int), double(Double), string(String), list([JSONValue]), object([String: JSONValue])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let flag = try? container.decode(Bool.self) { self = .bool(flag) }
            else if let number = try? container.decode(Int.self) { self = .int(number) }
            else if let number = try? container.decode(Double.self) { self = .double(number) }
            else if let text = try? container.decode(String.self) { self = .string(text) }
            else if let items = try? container.decode([JSONValue].self) { self = .list(items) }
            else { self = .object(try container.decode([String: JSONValue].self)) }
        }

        var templateValue: TemplateValue {
            switch self {
            case .null: .null
            case .bool(let flag): .bool(flag)
            case .int(let number): .int(number)
            case .double(let number): .double(number)
            case .string(let text): .string(text)
            case .list(let items): .list(items.map(\.templateValue))
            case .object(let fields): .object(TemplateFields(fields.mapValues(\.templateValue)))
            }
        }
    }

    private struct SpecFile: Decodable { var tests: [Case] }

    static let modules = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections"]

    static let cases: [Case] = modules.flatMap { module in
        let url = RepositoryFiles.root.appendingPathComponent("Tests/SiteTests/Fixtures/mustache-spec/\(module).json")
        // A fixture that does not read fails the count test below instead of every case.
        let file = (try? JSONDecoder().decode(SpecFile.self, from: Data(contentsOf: url)))?.tests ?? []
        return file.map { test in
            var test = test
            test.module = module
            return test
        }
    }

    @Test("the six core modules are all read (136 cases)")
    func allRead() {
        #expect(Self.cases.count == 136)
    }

    @Test("each case renders what the specification expects", arguments: cases)
    func specCase(_ test: Case) throws {
        var library = TemplateLibrary()
        library["test"] = try Template(test.template)
        for (name, text) in test.partials ?? [:] {
            library[name] = try Template(text)
        }
        let rendered = try #require(library.render(test.data.templateValue, template: "test"))
        #expect(String(decoding: rendered, as: UTF8.self) == test.expected)
    }
}
