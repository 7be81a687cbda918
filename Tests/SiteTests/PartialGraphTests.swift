@testable import Site
import Testing

@Suite struct PartialGraphTests {
    @Test("a template that includes a partial that does not exist is an error at its line")
    func missingPartial() {
        let graph = PartialGraph(templates: ["tutorial": "<main>\n{{#samples}}{{> sample}}{{/samples}}\n</main>"])
        #expect { try graph.validate() } throws: { error in
            "\(error)" == "templates/tutorial.mustache:2: partial 'sample' does not exist (templates/sample.mustache)"
        }
    }

    @Test("partials that include themselves, directly or through others, are an error instead of a crash or a hang", arguments: [
        ["a": "{{> a}}"],
        ["a": "x {{> b}}", "b": "y\n{{>c}}", "c": "{{> a }}"],
    ])
    func recursion(templates: [String: String]) {
        #expect { try PartialGraph(templates: templates).validate() } throws: { error in
            "\(error)".contains("partials include each other without end: a → ")
        }
    }

    @Test("a page whose partials exist is valid, and its partials are listed in order")
    func valid() throws {
        let graph = PartialGraph(templates: ["page": "{{> head}}<p>{{title}}</p>{{> foot}}", "head": "<head>", "foot": "</html>"])
        try graph.validate()
        #expect(graph.references(in: "page").map(\.partial) == ["head", "foot"])
    }
}
