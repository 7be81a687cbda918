import StepwiseDiagnostics
import Testing

/// GitHub Actions workflow commands escaped as the runner reads them: by code unit.
@Suite struct WorkflowCommandTests {
    @Test("a message escapes %, CR and LF; a property also : and ,; nothing else changes")
    func escaping() {
        #expect(WorkflowCommand.escapedData("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext: a, b")
        #expect(WorkflowCommand.escapedProperty("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext%3A a%2C b")
        #expect(WorkflowCommand.escapedProperty("content/fr-fr/été.md") == "content/fr-fr/été.md")
        #expect(WorkflowCommand.escapedData("%25") == "%2525", "an escape written in the text is escaped in turn")
        #expect(WorkflowCommand.escapedData("") == "")
    }

    @Test("a character that starts with an escaped code unit (a line feed or a comma and a combining mark) is escaped all the same")
    func combiningMarks() {
        // One character each to Swift; to the runner, a new line and a property's end.
        #expect(WorkflowCommand.escapedData("a\n\u{301}b") == "a%0A\u{301}b")
        #expect(WorkflowCommand.escapedProperty("x,\u{301}y:\u{301}") == "x%2C\u{301}y%3A\u{301}")
        #expect(WorkflowCommand.escapedData("%\u{301}") == "%25\u{301}")
        #expect(!WorkflowCommand.escapedData("line\n\u{301}").utf8.contains(UInt8(ascii: "\n")))
    }

    @Test("an annotation: the command its severity names, the file, line and column with a path, the title, the message")
    func annotation() {
        #expect(WorkflowCommand.annotation(severity: .error, path: "a,b.md", line: 3, column: 7, title: "code-missing", message: "lost:\nline")
            == "::error file=a%2Cb.md,line=3,col=7,title=code-missing::lost:%0Aline")
        #expect(WorkflowCommand.annotation(severity: .note, path: nil, line: 0, column: 0, title: "a:b", message: "m")
            == "::notice title=a%3Ab::m")
        #expect(WorkflowCommand.annotation(severity: .warning, path: "p", line: 1, column: 1, title: "t", message: "m").hasPrefix("::warning file=p,"))
    }
}
