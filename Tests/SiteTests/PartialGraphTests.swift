@testable import Site
import Testing

@Suite struct PartialGraphTests {
    /// The graph of templates given as text.
    private func graph(_ texts: [String: String]) throws -> PartialGraph {
        PartialGraph(templates: try texts.mapValues { try Template($0) })
    }

    @Test("a template that includes a partial that does not exist is an error at its line")
    func missingPartial() throws {
        let graph = try graph(["tutorial": "<main>\n{{#samples}}{{> sample}}{{/samples}}\n</main>"])
        #expect { try graph.validate() } throws: { error in
            "\(error)" == "templates/tutorial.mustache:2: partial 'sample' does not exist (templates/sample.mustache)"
        }
    }

    @Test("partials that include themselves, directly or through others, are an error instead of a crash or a hang", arguments: [
        ["a": "{{> a}}"],
        ["a": "x {{> b}}", "b": "y\n{{>c}}", "c": "{{> a }}"],
    ])
    func recursion(templates: [String: String]) throws {
        let graph = try graph(templates)
        #expect { try graph.validate() } throws: { error in
            "\(error)".contains("partials include each other without end: a → ")
        }
    }

    @Test("a page whose partials exist is valid, and its partials are listed in order")
    func valid() throws {
        let graph = try graph(["page": "{{> head}}<p>{{title}}</p>{{> foot}}", "head": "<head>", "foot": "</html>"])
        try graph.validate()
        #expect(graph.references(in: "page").map(\.partial) == ["head", "foot"])
    }
}
