import Dispatch
import Foundation
import StepwiseDiagnostics
import Testing

@Suite struct DiagnosticEngineTests {
    private func error(_ path: String, _ line: Int, _ id: String = "include-missing") -> Diagnostic {
        .error(id, at: SourceLocation(path: path, line: line), "problem at \(line)")
    }

    @Test("diagnostics emitted from many threads are all kept, once each, in report order")
    func concurrentEmission() {
        let engine = DiagnosticEngine()
        DispatchQueue.concurrentPerform(iterations: 1000) { index in
            engine.emit(error("doc-\(index % 100).md", index % 7 + 1))
        }
        let diagnostics = engine.diagnostics
        #expect(diagnostics.count == 700, "100 files × 7 lines; repeats are kept once")
        #expect(diagnostics == diagnostics.sorted(by: Diagnostic.reportOrder))
        #expect(diagnostics.first?.description.hasPrefix("doc-0.md:1:1: error:") == true)
    }

    @Test("sorting grouped by file gives report order, equal diagnostics in the order given, those without a place first")
    func reportSorted() {
        var generator = SystemRandomNumberGenerator()
        let diagnostics = (0..<3_000).map { index -> Diagnostic in
            let location = index % 11 == 0 ? nil : SourceLocation(path: "f\(Int.random(in: 0..<40, using: &generator)).md",
                                                                    line: Int.random(in: 1..<6, using: &generator), column: Int.random(in: 1..<3, using: &generator))
            let id = ["b-rule", "a-rule"][Int.random(in: 0..<2, using: &generator)]
            return Diagnostic(id: id, severity: index % 2 == 0 ? .error : .warning, location: location, summary: "s\(Int.random(in: 0..<3, using: &generator))")
        }.shuffled()
        #expect(Diagnostic.reportSorted(diagnostics) == diagnostics.sorted(by: Diagnostic.reportOrder))
        // As a run's documents emit them: each file's together (some files twice), files in any order.
        let grouped = Dictionary(grouping: diagnostics) { $0.location?.path ?? "" }.values.flatMap { file in [Array(file.prefix(9)), Array(file.dropFirst(9))] }
            .shuffled(using: &generator).flatMap { $0 }
        #expect(Diagnostic.reportSorted(grouped) == grouped.sorted(by: Diagnostic.reportOrder))
    }

    @Test("diagnostics alike in place, identifier and summary come out in one order, each once, whatever order they were emitted in")
    func tiesInOneOrder() {
        let place = SourceLocation(path: "includes/a.md", line: 3)
        let alike = [
            Diagnostic(id: "x", severity: .warning, location: place, summary: "s", fix: "b"),
            Diagnostic(id: "x", severity: .warning, location: place, summary: "s", fix: "a"),
            Diagnostic(id: "x", severity: .error, location: place, summary: "s"),
            Diagnostic(id: "x", severity: .warning, location: place, summary: "s", notes: [.init(location: nil, message: "n")]),
        ]
        let expected = [alike[2], alike[1], alike[0], alike[3]]
        for _ in 0..<20 {
            let emitted = (alike + alike + [error("includes/a.md", 2), error("includes/a.md", 4)]).shuffled()
            let engine = DiagnosticEngine()
            engine.emit(contentsOf: emitted)
            #expect(engine.diagnostics == [error("includes/a.md", 2)] + expected + [error("includes/a.md", 4)])
        }
    }

    @Test("a shared include's problem reached from several documents is reported once")
    func duplicatesOnce() {
        let engine = DiagnosticEngine()
        engine.emit(contentsOf: [error("includes/a.md", 3), error("includes/a.md", 3), error("includes/a.md", 4)])
        #expect(engine.diagnostics.count == 2)
        #expect(engine.counts == [.error: 2])
    }

    @Test("the exit status follows --fail-on", arguments: [
        (FailOn.error, Severity.error, Int32(1)), (.error, .warning, 0), (.error, .note, 0),
        (.warning, .error, 1), (.warning, .warning, 1), (.warning, .note, 0),
        (.never, .error, 0), (.never, .warning, 0), (.never, .note, 0),
    ])
    func exitStatus(failOn: FailOn, severity: Severity, expected: Int32) {
        let diagnostic = Diagnostic(id: "x", severity: severity, location: nil, summary: "s")
        #expect(failOn.exitStatus(for: [diagnostic]) == expected)
        #expect(failOn.exitStatus(for: []) == 0)
    }

    private let sample = Diagnostic(
        id: "include-cycle", severity: .error, location: SourceLocation(path: "a,b:c.md", line: 2, column: 5),
        summary: "100% wrong\nreally", fix: "remove it",
        notes: [.init(location: SourceLocation(path: "b.md", line: 7), message: "included here")])

    @Test("the text consumer prints path:line:col: severity: message (fix) [id], then each note")
    func text() {
        var out = ""
        TextDiagnosticConsumer { out += $0 }.consume([sample])
        #expect(out == "a,b:c.md:2:5: error: 100% wrong\nreally (remove it) [include-cycle]\nb.md:7:1: note: included here\n")
    }

    @Test("the text consumer hands many diagnostics over in chunks of about 64 kB, the same text as line by line")
    func textChunks() {
        let many = (1...3000).map { line in
            Diagnostic(id: "link-broken", severity: .warning, location: SourceLocation(path: "docs/page-\(line).md", line: line, column: 1), summary: "link goes nowhere")
        }
        var writes: [String] = []
        TextDiagnosticConsumer { writes.append($0) }.consume(many)
        #expect(writes.joined() == many.map { $0.formatted + "\n" }.joined())
        #expect(writes.count > 1 && writes.count <= writes.joined().utf8.count / TextDiagnosticConsumer.chunkSize + 1)
        #expect(writes.dropLast().allSatisfy { $0.utf8.count >= TextDiagnosticConsumer.chunkSize })
    }

    @Test("the GitHub consumer escapes messages and properties as workflow commands require")
    func github() {
        var out = ""
        GitHubAnnotationConsumer { out += $0 }.consume([sample, .note("n", at: nil, "fyi")])
        #expect(out == "::error file=a%2Cb%3Ac.md,line=2,col=5,title=include-cycle::100%25 wrong%0Areally%0Ab.md:7:1: included here\n::notice title=n::fyi\n")
    }

    @Test("the JSON consumer writes a sorted, stable array")
    func json() {
        var out = ""
        JSONDiagnosticConsumer { out += $0 }.consume([sample])
        #expect(out == """
            [
              {
                "fix" : "remove it",
                "id" : "include-cycle",
                "location" : {
                  "column" : 5,
                  "line" : 2,
                  "path" : "a,b:c.md"
                },
                "notes" : [
                  {
                    "location" : {
                      "column" : 1,
                      "line" : 7,
                      "path" : "b.md"
                    },
                    "message" : "included here"
                  }
                ],
                "severity" : "error",
                "summary" : "100% wrong\\nreally"
              }
            ]

            """)
    }
}
