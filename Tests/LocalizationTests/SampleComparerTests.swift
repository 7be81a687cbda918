import Localization
import Testing
import TutorialModel

@Suite struct SampleComparerTests {
    let source = """
        // Used to enable the buttons on the UI
        NSString* format = @"\\"%@\\"";
        [self send:format to:@"user"];
        """

    func sample(_ text: String, line: Int = 10, damage: Damage? = nil) -> CodeSample {
        CodeSample(language: "objc", text: text, line: line, origin: Origin(path: "doc.md", line: line), damage: damage)
    }

    @Test("the same text is identical and needs no repair")
    func identical() {
        let verdict = SampleComparer().compare(source: sample(source), translation: sample(source, line: 40))
        #expect(verdict.classification == .identical)
        #expect(verdict.repair == nil)
    }

    @Test("re-indented code with the same tokens is whitespace")
    func whitespace() {
        let relaid = source.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
        #expect(SampleComparer().compare(source: sample(source), translation: sample(relaid)).classification == .whitespace)
    }

    @Test("a damaged comment with identical code is comments, not drift")
    func commentsOnly() {
        let translated = source.replacingOccurrences(of: "Used to enable the buttons", with: "Used tooenable hello buttons")
        let verdict = SampleComparer().compare(source: sample(source), translation: sample(translated))
        #expect(verdict.classification == .comments)
        #expect(verdict.changedComments == 1)
        #expect(verdict.changes.isEmpty)
    }

    @Test("one changed string literal is drift with one token change at its line")
    func oneLiteral() {
        let translated = source.replacingOccurrences(of: #"@"user""#, with: #"@"utilisateur""#)
        let verdict = SampleComparer().compare(source: sample(source, line: 100), translation: sample(translated, line: 200))
        #expect(verdict.classification == .drift)
        #expect(verdict.changes == [TokenChange(source: #"@"user""#, translation: #"@"utilisateur""#, sourceLine: 102, translationLine: 202)])
    }

    @Test("the proposed repair is the source code with the translation's comments kept")
    func repairKeepsComments() {
        let translated = source
            .replacingOccurrences(of: "// Used to enable the buttons on the UI", with: "// Aktiviert die Schaltflächen")
            .replacingOccurrences(of: #"@"user""#, with: #"@"benutzer""#)
        let verdict = SampleComparer().compare(source: sample(source), translation: sample(translated))
        #expect(verdict.repair == source.replacingOccurrences(of: "Used to enable the buttons on the UI", with: "Aktiviert die Schaltflächen"))
    }

    @Test("the comment fixer repairs kept comments")
    func repairFixesComments() {
        let translated = source.replacingOccurrences(of: "Used to enable", with: "Used tooenable")
        let comparer = SampleComparer(commentFixer: { $0.replacingOccurrences(of: "tooenable", with: "to enable") })
        #expect(comparer.compare(source: sample(source), translation: sample(translated)).repair == source)
    }

    @Test("damage from the model wins over token comparison, except changed escapes which are drift")
    func damage() {
        let split = Damage(kind: .splitByIndentation, detail: "split", recovered: true)
        #expect(SampleComparer().compare(source: sample(source), translation: sample(source, damage: split)).classification == .damaged)
        let escapes = Damage(kind: .escapeChanged, detail: "escapes", recovered: false)
        let changed = source.replacingOccurrences(of: #"@"\"%@\"""#, with: #"@""%@"""#)
        #expect(SampleComparer().compare(source: sample(source), translation: sample(changed, damage: escapes)).classification == .drift)
    }
}
