@testable import Site
import Testing

/// The template engine's own rules, beyond the specification (`TemplateSpecTests`): transforms,
/// the whitespace rules the site's templates were written for, escaping, and compile errors.
@Suite struct TemplateTests {
    private func render(_ text: String, _ value: TemplateValue, partials: [String: String] = [:]) throws -> String {
        var library = TemplateLibrary()
        library["page"] = try Template(text)
        for (name, partial) in partials { library[name] = try Template(partial) }
        return String(decoding: try #require(library.render(value, template: "page")), as: UTF8.self)
    }

    @Test("empty(…) tells an empty list, object or string from a full one; a missing name is neither")
    func emptyTransform() throws {
        let template = "{{#empty(items)}}none{{/empty(items)}}{{^empty(items)}}some{{/empty(items)}}"
        #expect(try render(template, .object(["items": .list([])])) == "none")
        #expect(try render(template, .object(["items": .list([.int(1)])])) == "some")
        #expect(try render(template, .object(["items": .string("")])) == "none")
        #expect(try render(template, .object(["items": .object(["a": .int(1)])])) == "some")
        #expect(try render(template, .object([:])) == "some")
    }

    @Test("transforms apply innermost first, and the position of a list's item is read with first(), last(), index()")
    func positionAndNestedTransforms() throws {
        let items = TemplateValue.object(["items": .list([.string("a"), .string("b"), .string("c")])])
        #expect(try render("{{#items}}{{^first()}}, {{/first()}}{{.}}{{/items}}", items) == "a, b, c")
        #expect(try render("{{#items}}{{index()}}{{#last()}}.{{/last()}}{{/items}}", items) == "012.")
        #expect(try render("{{count(items)}} {{first(items)}} {{uppercased(last(items))}}", items) == "3 a C")
        // Outside a list there is no position: the name is missing.
        #expect(try render("[{{#first()}}x{{/first()}}]", items) == "[]")
    }

    @Test("a standalone partial's indentation goes before each node that starts a line: not inside a value's own lines, nor before a list's later items (swift-mustache's rule, which the site's pages keep)")
    func partialIndentation() throws {
        let value = TemplateValue.object(["rows": .list([.string("a"), .string("b")]), "code": .string("x\ny")])
        let partials = ["rows": "<ul>\n{{#rows}}\n<li>{{.}}</li>\n{{/rows}}\n</ul>\n", "code": "<pre>{{code}}</pre>\n"]
        #expect(try render("<div>\n  {{>rows}}\n  {{>code}}\n</div>\n", value, partials: partials)
            == "<div>\n  <ul>\n  <li>a</li>\n<li>b</li>\n  </ul>\n  <pre>x\ny</pre>\n</div>\n")
        // A node that writes nothing gets no indentation either.
        #expect(try render("  {{>last}}\nz", .object([:]), partials: ["last": "a\n{{missing}}"]) == "  a\nz")
    }

    @Test("after a section, whether the next tag may stand alone follows the section's opening tag (as the templates were written for)")
    func standaloneAfterSection() throws {
        // The specification would keep the line `{{/a}} {{#b}}` (two tags) and write " \n".
        #expect(try render("{{#a}}\nx\n{{/a}} {{#b}}\ny\n{{/b}}\n", .object(["a": .bool(true), "b": .bool(true)])) == "x\ny\n")
    }

    @Test("{{…}} escapes the five HTML characters and keeps every other byte; {{{…}}} and {{&…}} write the value as is")
    func escaping() throws {
        let value = TemplateValue.object(["v": .string("<a href=\"x\">Tom & Jerry's</a> — é 😀")])
        #expect(try render("{{v}}", value) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt; — é 😀")
        #expect(try render("{{{v}}}|{{&v}}", value) == "<a href=\"x\">Tom & Jerry's</a> — é 😀|<a href=\"x\">Tom & Jerry's</a> — é 😀")
        #expect(try render("{{n}} {{d}} {{b}} [{{null}}] [{{list}}]", .object(["n": .int(-3), "d": .double(1.5), "b": .bool(false), "null": .null, "list": .list([.int(1)])]))
            == "-3 1.5 false [] []")
    }

    @Test("a template that does not compile is an error at its line and column", arguments: [
        ("<p>\n{{#items}}\n<li>", "3:5: section 'items' is not closed ({{/items}})"),
        ("{{#a}}\n  {{/b}}", "2:3: {{/b}} closes no section: the open section is 'a'"),
        ("x {{/a}}", "1:3: {{/a}} closes no section"),
        ("<p>{{#sorted(items)}}", "1:7: unknown transform 'sorted' (known: empty, count, first, last, reversed, lowercased, uppercased, equalzero, plusone, minusone, even, odd, index)"),
        ("{{<base}}{{/base}}", "1:1: '{{<': inheritance and pragmas are not supported"),
        ("{{name", "1:3: a tag's name ends with '}}'"),
        ("{{! no end", "1:1: comment without its closing delimiter"),
        ("{{empty(a}}", "1:3: 'empty(a' is not a name nor a transform of one: transform(name)"),
        ("{{= | =}}", "1:1: a delimiter tag is written {{=open close=}}"),
    ])
    func syntaxErrors(text: String, message: String) {
        #expect { try Template(text) } throws: { error in "\(error)" == message }
    }

    @Test("a value rendered on top of a context: what the value lacks is read from the context, what it has hides the context's")
    func context() throws {
        var library = TemplateLibrary()
        library["entry"] = try Template("{{title}} ({{chrome.strings.pages}}, {{lang}})")
        let chrome = TemplateValue.object(["chrome": .object(["strings": .object(["pages": .string("pages")])]), "lang": .string("fr")])
        let rendered = try #require(library.render(.object(["title": .string("Intro"), "lang": .string("es")]), template: "entry", context: [chrome]))
        #expect(String(decoding: rendered, as: UTF8.self) == "Intro (pages, es)")
    }

    @Test("the partials a template includes are listed with their lines, sections included")
    func partialReferences() throws {
        let template = try Template("{{>head}}\n{{#items}}\n  {{> item }}\n{{/items}}\n{{>foot}}")
        #expect(template.partialReferences.map(\.name) == ["head", "item", "foot"])
        #expect(template.partialReferences.map(\.line) == [1, 3, 5])
    }
}

@Suite struct TemplateFieldsTests {
    @Test("fields are found by name, of a name given twice the last value, few or many, equal in any order", arguments: [3, TemplateFields.few, TemplateFields.few + 1, 40])
    func lookups(_ count: Int) {
        let pairs = (0..<count).map { (key: "name\($0)", value: TemplateValue.int($0)) }
        // Each name given again at the end with another value, and a name repeated at once.
        let fields = TemplateFields(pairs + [(key: "name0", value: .string("again")), (key: "name1", value: .null), (key: "name1", value: .bool(true))])
        #expect(fields.count == count)
        #expect(fields["name0"] == .string("again"))
        #expect(fields["name1"] == .bool(true))
        for index in 2..<max(2, count) { #expect(fields["name\(index)"] == .int(index)) }
        #expect(fields["name\(count)"] == nil && fields[""] == nil && fields["Name2"] == nil)
        #expect(Set(fields.map(\.key)) == Set(pairs.map(\.key)))
        let dictionary = Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0.value) })
        #expect(TemplateFields(dictionary) == fields)
        #expect(TemplateFields(fields.reversed()) == fields)
        var other = dictionary
        other["name0"] = .string("other")
        #expect(TemplateFields(other) != fields)
        other["name0"] = nil
        #expect(TemplateFields(other) != fields)
    }

    @Test("a view's fields leave nil values out, so that a lookup goes on up the context stack")
    func viewFields() throws {
        let value = TemplateValue.fields(["title": .string("T"), "date": nil, "count": .int(2)])
        guard case .object(let fields) = value else { Issue.record("not an object"); return }
        #expect(fields.count == 2 && fields["date"] == nil && fields["title"] == .string("T"))
        let library = TemplateLibrary(["page": try Template("{{title}} {{date}}")])
        let rendered = library.render(value, template: "page", context: [.object(["date": .string("outer")])])
        #expect(rendered.map { String(decoding: $0, as: UTF8.self) } == "T outer")
    }
}
