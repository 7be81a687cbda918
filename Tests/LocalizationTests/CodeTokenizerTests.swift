import Localization
import Testing

@Suite struct CodeTokenizerTests {
    @Test("an Objective-C string with escaped quotes is one token")
    func objectiveCEscapes() {
        let tokens = CodeTokenizer(language: "objc").tokens(#"[NSString stringWithFormat:@"\"%@\"", name];"#)
        #expect(tokens.filter { $0.kind == .string }.map(\.text) == [#"@"\"%@\"""#])
    }

    @Test("C#-style doubled quotes in Objective-C split into several tokens")
    func doubledQuotesInObjectiveC() {
        let tokens = CodeTokenizer(language: "objc").tokens(#"@""%@"""#)
        #expect(tokens.map(\.text) != [#"@""%@"""#])
        #expect(tokens.first?.text == #"@"""#)
    }

    @Test("C# verbatim strings keep doubled quotes inside one token")
    func csharpVerbatim() {
        let tokens = CodeTokenizer(language: "csharp").tokens(#"var s = @"say ""hi"""; // done"#)
        #expect(tokens.map(\.kind) == [.word, .word, .punctuation, .string, .punctuation, .comment])
        #expect(tokens[3].text == #"@"say ""hi""""#)
    }

    @Test("comments carry their line and column")
    func commentPositions() {
        let tokens = CodeTokenizer(language: "csharp").tokens("int a;\n  /* two\n lines */ b++;\n# not a comment")
        let comment = try! #require(tokens.first { $0.kind == .comment })
        #expect(comment.line == 1 && comment.column == 3)
        #expect(tokens.contains { $0.text == "b" && $0.line == 2 })
    }

    @Test("XML comments are comments; shell uses #")
    func otherLanguages() {
        #expect(CodeTokenizer(language: "xml").tokens("<a/><!-- note -->").last?.kind == .comment)
        #expect(CodeTokenizer(language: "shell").tokens("ls # list").last?.text == "# list")
    }
}
