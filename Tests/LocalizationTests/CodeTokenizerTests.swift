@testable import Localization
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

@Suite struct CodeScannerUnitTests {
    @Test("an ASCII byte has the properties of its character")
    func asciiProperties() {
        for byte in UInt8(0)..<0x80 {
            let character = Character(Unicode.Scalar(byte))
            #expect(byte.isWhitespace == character.isWhitespace, "\(byte)")
            #expect(byte.isNewline == character.isNewline, "\(byte)")
            #expect(byte.isNumber == character.isNumber, "\(byte)")
            #expect(byte.isLetter == character.isLetter, "\(byte)")
        }
    }

    @Test("ASCII text read as bytes gives the tokens it gives read as characters", arguments: ["csharp", "objc", "xml", "shell"])
    func bytesReadAsCharacters(language: String) {
        let texts = [
            #"var s = @"say ""hi"""; // done"#, "int a;\n  /* two\n lines */ b++;\n# not a comment", "<a/><!-- note -->\n<b x='1'/>",
            "ls -la # list\r echo \"un\\\"closed", "x = 1.5e3 + _y2 - 0x1F; 'c' /* open", "@\"\"%@\"\"\" \\\n\t\u{0B}\u{0C}end", "",
        ]
        let style = CommentStyle(language: language)
        for text in texts {
            let bytes = CodeTokenizer.tokens(CodeScanner(units: Array(text.utf8), style: style))
            let characters = CodeTokenizer.tokens(CodeScanner(units: Array(text), style: style))
            #expect(bytes == characters, "\(text.debugDescription)")
        }
    }

    @Test("\\r\\n is one character: columns and lines count it once")
    func crlf() {
        let tokens = CodeTokenizer(language: "csharp").tokens("a\r\n  b // c")
        #expect(tokens.map(\.line) == [0, 1, 1])
        #expect(tokens.map(\.column) == [1, 3, 5])
    }

    @Test("columns count characters, not bytes, in text that is not ASCII")
    func accentedColumns() {
        let tokens = CodeTokenizer(language: "csharp").tokens("é = \"e\u{301}\"; // café")
        #expect(tokens.map(\.column) == [1, 3, 5, 8, 10])
        #expect(tokens.last?.text == "// café")
    }

    @Test("comments: a line without the comment mark has none; one with it is tokenized")
    func comments() {
        let tokenizer = CodeTokenizer(language: "csharp")
        #expect(tokenizer.comments("var url = \"http://x\";").isEmpty)
        #expect(tokenizer.comments("int a; // note").map(\.text) == ["// note"])
        #expect(tokenizer.comments("a /* b */ c").map(\.column) == [3])
        #expect(CodeTokenizer(language: "shell").comments("ls # list").map(\.text) == ["# list"])
        #expect(CodeTokenizer(language: "xml").comments("<a/> <!-- n -->").map(\.text) == ["<!-- n -->"])
        #expect(CodeTokenizer(language: "xml").comments("a // b").isEmpty)
    }
}
