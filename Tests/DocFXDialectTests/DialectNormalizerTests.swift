import CommonMark
@testable import DocFXDialect
import StepwiseDiagnostics
import Testing

@Suite struct DialectNormalizerTests {
    @Test("headings without a space get one; C directives stay code", arguments: [
        ("#Azure Notification Hubs Notify Users", "# Azure Notification Hubs Notify Users"),
        ("##Übersicht", "## Übersicht"),
        ("##Publish the new WebAPI Backend", "## Publish the new WebAPI Backend"),
        ("#import \"RegisterClient.h\"", "#import \"RegisterClient.h\""),
        ("#define BACKEND_ENDPOINT @\"x\"", "#define BACKEND_ENDPOINT @\"x\""),
    ])
    func headingSpace(input: String, expected: String) throws {
        let document = try normalize("intro\n\n" + input + "\n")
        #expect(document.lines[2] == expected)
        #expect(document.headingsMissingSpace.contains(3) == (input != expected))
        if input != expected {
            // Columns after the inserted space map back to the original line.
            #expect(document.lineMap.original(SourcePosition(line: 3, column: expected.utf8.count)).column == input.utf8.count)
        }
    }

    @Test("bilingual pairs keep the translation for display and the source in the model (French seed line)")
    func bilingualSpans() throws {
        let line = #"## <a name="overview"></a><span data-ttu-id="9d535-105">Vue d'ensemble</span><span class="sxs-lookup"><span data-stu-id="9d535-105">Overview</span></span>"#
        let document = try normalize(line + "\n")
        #expect(document.lines[0] == #"## <a name="overview"></a>Vue d'ensemble"#)
        #expect(document.spans == [BilingualSpan(id: "9d535-105", translation: "Vue d'ensemble", source: "Overview", line: 1, column: 27)])
        #expect(document.sourceLanguageLine(1) == #"## <a name="overview"></a>Overview"#)
        // A column inside the translation maps into the original line's span.
        #expect(document.lineMap.original(SourcePosition(line: 1, column: 27)).column == 27)
    }

    @Test("include directives in all three spellings", arguments: [
        ("[!INCLUDE [notification-hubs-aspnet-backend-notifyusers](../../includes/notification-hubs-aspnet-backend-notifyusers.md)]", "!INCLUDE"),
        ("[AZURE.INCLUDE [notification-hubs-aspnet-backend-notifyusers](../../includes/notification-hubs-aspnet-backend-notifyusers.md)]", "AZURE.INCLUDE"),
        ("[WACOM.INCLUDE [notification-hubs-aspnet-backend-notifyusers](../includes/notification-hubs-aspnet-backend-notifyusers.md)]", "WACOM.INCLUDE"),
    ])
    func includeSpellings(line: String, syntax: String) throws {
        let document = try normalize("# T\n\n" + line + "\n")
        #expect(document.includes.count == 1)
        #expect(document.includes.first?.syntax == syntax)
        #expect(document.includes.first?.name == "notification-hubs-aspnet-backend-notifyusers")
        #expect(document.includes.first?.line == 3)
    }

    @Test("a directive in any letter case, alone or after text, is an include; the word elsewhere is not", arguments: [
        ("[!Include [x](../includes/x.md)]", 1), ("[!include [x](../includes/x.md)]", 1), ("[Azure.Include [x](../includes/x.md)]", 1),
        ("See: [!INCLUDE [x](../includes/x.md)]", 1), ("> [!iNcLuDe [x](../includes/x.md)]", 1),
        ("This section includes [x](../includes/x.md).", 0), ("[INCLUDE [x](../includes/x.md)]", 0), ("`[!INCLUDE [x](../includes/x.md)]`", 0),
        ("[!INCLUDEX [x](../includes/x.md)]", 0), ("[!INCLUD [x](../includes/x.md)]", 0), ("[!ınclude [x](../includes/x.md)]", 0),
    ])
    func includeCase(line: String, count: Int) throws {
        let document = try normalize("# T\n\n" + line + "\n")
        #expect(document.includes.count == count, "\(line)")
        #expect(IncludeDirective.mayHoldDirective(line) == (line.range(of: "[.!]include", options: [.regularExpression, .caseInsensitive]) != nil))
    }

    @Test("HTML comments are dropped; reference images keep their definitions")
    func commentsAndImages() throws {
        let document = try normalize("Step text\n\n    ![][B1]\n\n[B1]: ./media/notification-hubs-secure-push1.png\n\n<!---HONumber=AcomDC_1217_2015-->")
        #expect(document.lines[6] == "")
        #expect(document.comments == [HTMLComment(text: "HONumber=AcomDC_1217_2015", firstLine: 7, lastLine: 7)])
        #expect(document.imageReferences == [ImageReference(alt: "", label: "B1", line: 3, column: 5)])
        #expect(document.definitions == [ReferenceDefinition(label: "B1", destination: "./media/notification-hubs-secure-push1.png", line: 5)])
    }

    @Test("a comment over several lines ends at the first `-->` of a later line, not at `--` and `>` a line break parts")
    func multilineComments() throws {
        // The second ends with no space before `-->`: its text ends at the byte before it, exactly.
        let document = try normalize("intro\n\n<!-- first\nsecond é\nthird --> after\nnext\n\n<!-- a --\n> b-->\nend\n")
        #expect(document.comments == [
            HTMLComment(text: "first\nsecond é\nthird", firstLine: 3, lastLine: 5), HTMLComment(text: "a --\n> b", firstLine: 8, lastLine: 9),
        ])
        #expect(document.lines[2...4].allSatisfy(\.isEmpty) && document.lines[5] == "next" && document.lines[7...8].allSatisfy(\.isEmpty))
        #expect(document.lines[9] == "end")
    }

    @Test("fenced code is left alone")
    func fencedCode() throws {
        let document = try normalize("```objc\n#import \"A.h\"\n#Title-like\n<!-- kept -->\n```\n")
        #expect(document.lines[2] == "#Title-like")
        #expect(document.lines[3] == "<!-- kept -->")
        #expect(document.headingsMissingSpace.isEmpty)
    }

    @Test("code a writer left unquoted between fences in a note gets its quote markers back, so cmark reads one code block in the note")
    func unquotedCodeInQuote() throws {
        let markdown = """
            > [!TIP]
            > Example output:
            > ```
            Modified Properties

            Name : Result
            > ```

            > > ```json
            {"a": 1}
            > > ```
            """
        let document = try normalize(markdown + "\n")
        #expect(Array(document.lines[3...5]) == ["> Modified Properties", ">", "> Name : Result"])
        #expect(Array(document.lines[9...9]) == ["> > {\"a\": 1}"])
        #expect(document.lineMap.original(SourcePosition(line: 4, column: 3)).column == 1, "columns map back to the line as written")
        let tree = try CommonMarkParser().parse(document.text)
        #expect(tree.children.map(\.kind) == [.blockQuote, .blockQuote])
        #expect(tree.children[0].children.last?.literal == "Modified Properties\n\nName : Result\n")
    }

    @Test("code a writer outdented inside a list item's fence gets the item's indentation back, up to the closing fence")
    func outdentedCodeInItem() throws {
        let markdown = """
            3. Add the following XML:

                ```xml
            <ClaimsProvider>
                <Domain>live.com</Domain>
            </ClaimsProvider>
            ```

            4. Save the file.
            """
        let document = try normalize(markdown + "\n")
        // The item's text is at column 4 (three spaces in): lines less indented get the spaces they lack.
        #expect(Array(document.lines[3...6]) == ["   <ClaimsProvider>", "    <Domain>live.com</Domain>", "   </ClaimsProvider>", "   ```"])
        #expect(document.lineMap.original(SourcePosition(line: 4, column: 4)).column == 1)
        let tree = try CommonMarkParser().parse(document.text)
        let items = try #require(tree.children.first?.children)
        #expect(items.count == 2, "one list: the code stays in item 3")
        #expect(items[0].children.last?.literal == "<ClaimsProvider>\n<Domain>live.com</Domain>\n</ClaimsProvider>\n")
    }

    @Test("a fence line of the other character inside an item's outdented fence is code: the search goes on to the closing fence")
    func outdentedCodeHoldingOtherFence() throws {
        let document = try normalize("1. Write:\n\n   ```markdown\n~~~\nnote\n~~~\n```\n\n2. Save.\n")
        #expect(Array(document.lines[3...6]) == ["   ~~~", "   note", "   ~~~", "   ```"])
    }

    @Test("fences the repairs leave alone, as CommonMark reads them", arguments: [
        // An item's fence with no closing fence before a heading, a list item or another fence ends with the item.
        "1. Run:\n\n   ```\n   make\nText at the margin.\n\n## Next\n\n```\n",
        "1. Run:\n\n   ```\n   make\nText at the margin.\n2. Then:\n   ```\n",
        "1. Run:\n\n   ```\n   make\nText at the margin.\n```bash\nls\n```\n",
        // A note's fence that closes in the quote, that no closing fence follows, or whose unquoted lines hold a fence.
        "> ```\n> code\n> ```\nAfter the note.\n",
        "> ```\nnot code: the note's fence is never closed\n\nText.\n",
        "> ```\ntext\n```\ncode\n```\n> ```\n",
    ])
    func fencesLeftAlone(markdown: String) throws {
        let document = try normalize(markdown)
        #expect(document.lines == markdown.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
    }

    @Test("fences in list items are read relative to the item's text, as CommonMark reads them", arguments: [
        // Opened four spaces in (the item's text is at three) and closed at three: the include after it is read.
        ("2. Replace the class:\n\n    ```objc\n   @interface A : B\n   ```\n\n[!INCLUDE [monitor](../includes/monitor.md)]\n", [7]),
        // An include inside an item's fence is code.
        ("1. Run:\n\n    ```\n    [!INCLUDE [a](../includes/a.md)]\n    ```\n\n[!INCLUDE [b](../includes/b.md)]\n", [7]),
        // A fence closed at the margin ends the item: that line opens a new fence, which holds the include.
        ("1. Run:\n\n    ```\n    make\n```\n[!INCLUDE [a](../includes/a.md)]\n", []),
        // A sentence at the margin after a blank line ends the item: a fence four spaces in is then indented code.
        ("1. Run:\n\nThen:\n\n    ```\n[!INCLUDE [a](../includes/a.md)]\n", [6]),
    ])
    func fencesInListItems(markdown: String, includeLines: [Int]) throws {
        let document = try normalize(markdown)
        #expect(document.includes.map(\.line) == includeLines)
        let parsed = try CommonMarkParser().parse(document.lines.joined(separator: "\n"))
        let codeLines = parsed.descendants.filter { if case .codeBlock = $0.kind { true } else { false } }.compactMap(\.range).flatMap { Array($0.start.line...$0.end.line) }
        #expect(includeLines.allSatisfy { !codeLines.contains($0) }, "cmark reads the includes found as text")
    }

    @Test("the text cmark reads is every normalized line followed by a line feed, and its size is told without it", arguments: [
        "x", "x\n\n", "# Titre\n\nUne phrase accentuée : é, e\u{301}.\n", "a\n\n\nb", "日本語\r\nテキスト\r\n", "> [!NOTE]\n> Note\n",
    ])
    func normalizedText(markdown: String) throws {
        let document = try normalize(markdown)
        #expect(document.text.utf8.elementsEqual((document.lines.joined(separator: "\n") + "\n").utf8))
        #expect(document.textByteCount == document.text.utf8.count)
        var empty = document
        empty.lines = []
        #expect(empty.text == "\n" && empty.textByteCount == 1)
    }
}
