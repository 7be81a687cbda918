import DocFXDialect
import Foundation
import StepwiseTestSupport
import Testing
@testable import TutorialModel

/// Behaviour of the model on the seeds and on small crafted documents.
@Suite struct ModelBehaviourTests {
    private func extract(_ text: String, at path: String = "content/en-us/articles/a/t.md", files: [String: String] = [:]) throws -> Tutorial {
        let dir = try TemporaryDirectory()
        for (name, body) in files { try dir.write(name, body) }
        let url = try dir.write(path, text)
        return try TutorialExtractor(loader: DocumentLoader(workingDirectory: dir.url, defaultLocale: "en-us")).extract(url)
    }

    @Test("a numbered list of bold terms is not a procedure; the steps that follow are")
    func termListIsNotSteps() throws {
        let tutorial = try extract("""
            ## Create the project

            It has three purposes:

            1. **Authenticating Clients**: a handler.
            2. **Sending Notifications**: a controller.

            The following steps show how to create it:

            1. Start Visual Studio.
            2. Click **File**.
            """)
        #expect(tutorial.sections[0].steps.map(\.line) == [10, 11])
        #expect(tutorial.nonStepLists.map(\.line) == [5])
    }

    @Test("a list restarting at 1 after a note continues the procedure with continuous ordinals")
    func restartedListContinues() throws {
        let tutorial = try extract("## S\n1. One\n2. Two\n\n> [!NOTE]\n> Careful.\n\n1. Three\n")
        let steps = tutorial.sections[0].steps
        #expect(steps.map(\.shownNumber) == [1, 2, 1])
        #expect(steps.map(\.ordinal) == [1, 2, 3])
        #expect(steps[1].alerts.map(\.kind) == ["note"])
    }

    @Test("code folded into the step's paragraph is recovered as a damaged sample (older edition, lines 49-51)")
    func codeMergedIntoProse() throws {
        let tutorial = try TutorialExtractor.seeds.extract(RepositoryFiles.seed("001"))
        let sample = try #require(tutorial.allCode.first { $0.line == 50 })
        #expect(sample.damage?.kind == .mergedIntoProse)
        #expect(sample.text == "- (IBAction)LogInAction:(id)sender { }\n- (IBAction)SendPushAction:(id)sender { }")
        #expect(sample.file == "ViewController.m")
        let step = try #require(tutorial.allSteps.first { $0.line == 49 })
        #expect(!step.text.contains("IBAction"))
    }

    @Test("a sample split by indentation is one sample with no line left as prose (2015 edition, 687-758)")
    func splitSampleIsWhole() throws {
        let tutorial = try TutorialExtractor.seeds.extract(RepositoryFiles.seed("000"))
        let sample = try #require(tutorial.allCode.first { $0.line == 687 })
        #expect(sample.endLine == 758)
        #expect(sample.damage?.kind == .splitByIndentation)
        let source = try RepositoryFiles.lines(of: RepositoryFiles.seed("000"))[686...757]
        let trimmed = { (lines: [String]) in lines.map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(trimmed(sample.text.components(separatedBy: "\n")) == trimmed(Array(source)))
        #expect(sample.file == "ViewController.m")
    }

    @Test("the French machine-translated sample is recovered from the source spans with line breaks restored")
    func frenchRecovery() throws {
        let tutorial = try TutorialExtractor.seeds.extract(RepositoryFiles.seed("003"))
        let sample = try #require(tutorial.allCode.first { $0.line == 317 && $0.origin.include == nil })
        #expect(sample.damage?.kind == .machineTranslated)
        #expect(sample.damage?.recovered == true)
        let lines = sample.text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("// create authentication header and set it in register client"))
        #expect(lines.contains("NSString* username = self.UsernameField.text;"))
        #expect(!sample.text.contains("<span"))
        #expect(!sample.text.contains("expéditeur"))
    }

    @Test("the Swedish run-together sample is damaged and not recoverable")
    func swedishDamage() throws {
        let tutorial = try TutorialExtractor.seeds.extract(RepositoryFiles.seed("002"))
        let sample = try #require(tutorial.allCode.first { $0.line == 317 && $0.origin.include == nil })
        #expect(sample.damage?.kind == .machineTranslated)
        #expect(sample.damage?.recovered == false)
        #expect(sample.damage?.detail.contains("/ /") == true)
    }

    @Test("the German doubled-quote escape is flagged on its sample only")
    func germanEscape() throws {
        let tutorial = try TutorialExtractor.seeds.extract(RepositoryFiles.seed("004"))
        let damaged = tutorial.allCode.filter { $0.origin.include == nil && $0.damage != nil }
        #expect(damaged.map(\.line) == [393])
        #expect(damaged.first?.damage?.kind == .escapeChanged)
    }

    @Test("included content keeps its own file and line, and de-de falls back to en-us includes")
    func includeOrigins() throws {
        let tutorial = try TutorialExtractor.seeds.extract(RepositoryFiles.seed("004"))
        let included = tutorial.sections.filter { $0.origin.include == "notification-hubs-aspnet-backend-notifyusers" }
        #expect(included.count == 5)
        #expect(included.allSatisfy { $0.origin.path.hasSuffix("content/en-us/includes/notification-hubs-aspnet-backend-notifyusers.md") })
        #expect(included.first?.line == 1)
        #expect(tutorial.includes.allSatisfy { $0.fallback })
        #expect(tutorial.diagnostics.contains { $0.id == "include-fallback" })
        // The included sections stand where the directive is: after "Übersicht", before the iOS part.
        let titles = Array(tutorial.sections.map(\.title).prefix(3))
        #expect(titles == ["Azure Notification Hubs – Benachrichtigen von iOS-Benutzern über .NET-Back-End", "Übersicht", "Create the WebAPI project"])
        #expect(tutorial.allCode.filter { $0.language == "csharp" }.allSatisfy { $0.origin.include != nil })
    }

    @Test("alerts and selectors in every spelling")
    func alertsAndSelectors() throws {
        let tutorial = try extract("""
            # T
            > [AZURE.SELECTOR]
            - [Windows](a.md)
            - [iOS](b.md)

            <div class="dev-center-tutorial-selector sublanding"><a href="/x/" title="Android">Android</a></div>

            ## S

            > [AZURE.NOTE] **Important**: Install NuGet first.

            > [!IMPORTANT]
            > Read this.
            > > Quoted inside.

            > [!div class="op_single_selector"]
            > * [Android](c.md)
            >
            > [!NOTE]
            > You need an [account](https://example.com/free).
            """)
        #expect(tutorial.selectors.map(\.kind) == ["azure-selector", "html-div", "op-single-selector"])
        #expect(tutorial.selectors[0].links.map(\.title) == ["Windows", "iOS"])
        #expect(tutorial.selectors[1].links.map(\.url) == ["/x/"])
        #expect(tutorial.selectors[2].links.map(\.title) == ["Android"], "the note's link is not a platform")
        let alerts = tutorial.sections[1].alerts
        #expect(alerts.map(\.kind) == ["note", "important", "note"], "a selector's quote may go on with a note")
        #expect(alerts[2].text == "You need an account.")
        #expect(alerts[1].blocks.map { $0.inlines.map(\.text).joined() } == ["Read this.", "Quoted inside."], "a quote nested in a note is its text")
        #expect(alerts[0].label == "Important")
        #expect(alerts[0].text == "Install NuGet first.")
    }

    @Test("languages are detected from code when the step names no file", arguments: [
        ("{\n  \"aps\": { \"alert\": \"hi\" }\n}", "json"),
        ("<toast><visual></visual></toast>", "xml"),
        ("$ dotnet new webapi", "shell"),
        ("guard let url = URL(string: s) else { return }\nlet x = 1", "swift"),
        ("[self.sendResults setText:@\"\"];", "objc"),
        ("var hub = new NotificationHubClient();", "csharp"),
        ("az group create --name myResourceGroup --location westeurope", "azurecli"),
        ("$rg = New-AzResourceGroup -Name myGroup -Location westus\nGet-AzVM -ResourceGroupName $rg", "powershell"),
        ("def main():\n    print('hi')\n\nif __name__ == '__main__':\n    main()", "python"),
        ("import android.os.Bundle;\n\npublic class MainActivity extends AppCompatActivity {\n    @Override\n    protected void onCreate(Bundle b) { super.onCreate(b); }\n}", "java"),
        ("SELECT name, database_id FROM sys.databases WHERE database_id > 4;", "sql"),
        ("package main\n\nimport \"fmt\"\n\nfunc main() {\n    x := 1\n    fmt.Println(x)\n}", "go"),
        ("const express = require('express');\nconst app = express();\napp.listen(3000, () => { console.log('up'); });", "javascript"),
        ("FROM node:18\nWORKDIR /app\nCOPY . .\nRUN npm install", "dockerfile"),
        ("apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n    - name: web\n      image: nginx", "yaml"),
        ("<?php\necho $this->name;", "php"),
        ("#include <iostream>\nint main() { std::cout << \"hi\"; }", "cpp"),
        ("GET https://management.azure.com/subscriptions?api-version=2020-01-01\nAuthorization: Bearer x", "http"),
        ("self.UsernameField.delegate = self;\nself.registerClient = [[RegisterClient alloc] initWithEndpoint:BACKEND_ENDPOINT];", "objc"),
        ("string configuration = File.ReadAllText(fileName);", "csharp"),
        ("val lr = new LogisticRegression().setMaxIter(10)", "scala"),
        ("fun main(args: Array<String>) {\n    val name: String = \"x\"\n}", "kotlin"),
        ("var appInfos = {\"gender\":\"female\"};\nengagement.agent.sendAppInfo(appInfos);", "javascript"),
        ("time_t now;\nsize_t destinationSize;", "c"),
        ("./install -q -d /usr/local/ASR", "shell"),
        ("HTTP/1.1 200 OK\nContent-Type: application/json", "http"),
        ("Route Table Info:\n   Network   NextHop   Weight", "text"),
    ])
    func languageDetection(code: String, language: String) {
        #expect((LanguageDetector.detect(code: code) ?? "text") == language)
    }

    @Test("untagged code without a clear signal is not guessed", arguments: [
        "Hello world, this is the output.", "print", "x = 1", "Name: value",
    ])
    func noGuess(code: String) {
        #expect(LanguageDetector.detect(code: code) == nil)
    }

    @Test("fence info strings go through one alias table; unknown names are kept", arguments: [
        ("azurecli-interactive", "azurecli"), ("azurecli", "azurecli"), ("azurepowershell-interactive", "powershell"),
        ("nodejs", "javascript"), ("cs", "csharp"), ("C#", "csharp"), ("console", "shell"), ("ps1", "powershell"),
        ("yml", "yaml"), ("json5", "json"), ("tsql", "sql"), ("golang", "go"), ("sql-interactive", "sql"),
        ("csharp{.line-numbers}", "csharp"), ("output", "text"), ("brainfudge", "brainfudge"),
    ])
    func infoAliases(info: String, language: String) {
        #expect(LanguageDetector.language(info: info) == language)
    }

    @Test("a fence left open at the end of the file keeps its last line; so does one closed outside its list item")
    func openFences() throws {
        let open = try extract("# T\n\n1. Add this code:\n\n    ```csharp\n    var a = 1;\n    var b = 2;\n")
        #expect(open.allCode.map(\.text) == ["var a = 1;\nvar b = 2;"])
        let outside = try extract("# T\n\n1. Add this code:\n\n    ```javascript\n    var x = [{\n      a: 1\n    }];\n```\n")
        #expect(outside.allCode.first?.text == "var x = [{\n  a: 1\n}];")
    }

    @Test("text after an include on the same line stays, and the include is expanded")
    func textAfterInclude() throws {
        let tutorial = try extract(
            "# T\n\n[!INCLUDE [p](../../includes/part.md)] Then run the app.\n\nNext.\n",
            files: ["content/en-us/includes/part.md": "Included text.\n"])
        let paragraphs = tutorial.sections.flatMap(\.paragraphs).map { $0.inlines.map(\.text).joined() }
        #expect(paragraphs.contains("Then run the app.") && paragraphs.contains("Next.") && paragraphs.contains("Included text."), "\(paragraphs)")
        #expect(tutorial.includes.map(\.name) == ["p"])
    }

    @Test("a step written as an include (`2. [!INCLUDE …]`) is the included text, code and paragraphs, in place")
    func includeAsStep() throws {
        let tutorial = try extract(
            "# T\n\n## Deploy\n\n1. Open a shell.\n2. [!INCLUDE [Create group](../../includes/group.md)]\n3. Run the app.\n\n* [!INCLUDE [note](../../includes/note.md)]\n",
            files: [
                "content/en-us/includes/group.md": "Create a group with **az group create**.\n\n```azurecli\naz group create --name g\n```\n\nPick a region near you.\n",
                "content/en-us/includes/note.md": "An emulator works too.\n",
            ])
        let steps = try #require(tutorial.sections.last?.steps)
        #expect(steps.map(\.text) == ["Open a shell.", "Create a group with az group create.", "Run the app."])
        #expect(steps.map(\.shownNumber) == [1, 2, 3])
        #expect(steps[1].code.map(\.text) == ["az group create --name g"])
        #expect(steps[1].code.first?.origin.path.hasSuffix("includes/group.md") == true)
        #expect(steps[1].details.map { $0.inlines.map(\.text).joined() } == ["Pick a region near you."])
        #expect(tutorial.includes.map(\.name) == ["Create group", "note"])
        // A bullet that is an include: its text is shown where the bullet was, not the directive.
        let prose = tutorial.sections.flatMap(\.paragraphs).map { $0.inlines.map(\.text).joined() }
        #expect(prose.contains("An emulator works too.") && !prose.contains { $0.contains("INCLUDE") }, "\(prose)")
    }

    @Test("a step's lines end at the first sentence or include at the margin: later code and notes are the section's; indented ones stay the step's")
    func stepEndsAtTheMargin() throws {
        let tutorial = try extract("""
            ## Run

            1. Open the project.
            2. Build it:

               ```bash
               make
               ```

              It takes a minute.

              * Two cores are enough.

               [!INCLUDE [tip](../../includes/tip.md)]

            Then run the tool:

            ```bash
            ./tool --all
            ```

            > [!NOTE]
            > It prints a summary.

            [!INCLUDE [after](../../includes/after.md)]

            """, files: [
                "content/en-us/includes/tip.md": "> [!TIP]\n> Use two cores.\n",
                "content/en-us/includes/after.md": "> [!IMPORTANT]\n> Clean up afterwards.\n",
            ])
        let section = try #require(tutorial.sections.last)
        let build = try #require(section.steps.last)
        #expect(build.code.map(\.text) == ["make"])
        #expect(build.details.map { $0.inlines.map(\.text).joined() } == ["It takes a minute.", "Two cores are enough."],
                "an indented sentence or bullet continues the step")
        #expect(build.alerts.map(\.kind) == ["tip"], "an include inside the step's lines is the step's")
        #expect(build.endLine == 14, "the include's line; the sentence at the margin (line 16) is not the step's")
        #expect(section.code.map(\.text) == ["./tool --all"])
        #expect(section.alerts.map(\.kind) == ["note", "important"])
        #expect(section.paragraphs.map { $0.inlines.map(\.text).joined() } == ["Then run the tool:"])
    }

    @Test("a nested bullet's text that wraps at the bullet's column is the bullet's text, not code, though it reads like code")
    func nestedBulletContinuation() throws {
        let tutorial = try extract("""
            ## Use the key

            * In the code:
              * `Microsoft.ApplicationInsights.Extensibility.
                TelemetryConfiguration.Active.InstrumentationKey = "`*iKey*`";`
            """)
        let section = try #require(tutorial.sections.last)
        #expect(section.code.isEmpty && section.steps.isEmpty)
        let text = section.paragraphs.map { $0.inlines.map(\.text).joined() }.joined(separator: " | ")
        #expect(text.contains("TelemetryConfiguration.Active.InstrumentationKey"), "\(text)")
    }

    @Test("indented code whose line is written between triple backticks is code; fence lines in indented code end with their last blank line")
    func backticksInIndentedCode() throws {
        let tutorial = try extract("""
            ## Measure

            1. Connect to the database.

                a. Run an insert:

                    ```db.coll.insert({ "id": 1 })```

                b. Run:

                    ```
                    db.runCommand({getLastRequestStatistics: 1})
                    ```
            \("        ")
                c. Note the charge.
            """)
        let step = try #require(tutorial.sections.last?.steps.first)
        #expect(step.code.map(\.text) == ["```db.coll.insert({ \"id\": 1 })```", "db.runCommand({getLastRequestStatistics: 1})"])
    }

    @Test("tags that are not HTML are text: a heading keeps its placeholder, an HTML block of XML is prose; HTML anchors are not text")
    func tagsThatAreNotHTML() throws {
        let tutorial = try extract("""
            ## <a name="step-2"></a>Step 2: Create the group <SID>

            <ClaimsProvider>
              <Domain>live.com</Domain>
            </ClaimsProvider>

            <div><a name="x"></a></div>
            """)
        let section = try #require(tutorial.sections.last)
        #expect(section.title == "Step 2: Create the group <SID>")
        #expect(section.id == "step-2")
        #expect(section.paragraphs.compactMap(\.html) == ["<ClaimsProvider>\n  <Domain>live.com</Domain>\n</ClaimsProvider>\n"])
    }

    @Test("a fence CommonMark read as paragraph text opens code up to its closing fence; the sentences before it stay prose")
    func fenceReadAsText() throws {
        let tutorial = try extract("""
            ## Create the chain
            Run the following script. It updates the store.
                1. The script creates a function:
                ```PowerShell
                function New-Cert([string]$subject)
                {
                    # Build up argument list
                    $args = @{}
                }
                ```

            Then sign the certificate.
            """)
        let section = try #require(tutorial.sections.last)
        #expect(section.code.map(\.text) == ["function New-Cert([string]$subject)\n{\n    # Build up argument list\n    $args = @{}\n}"])
        #expect(section.code.first?.language == "powershell")
        #expect(section.paragraphs.map { $0.inlines.map(\.text).joined() } == [
            "Run the following script. It updates the store. 1. The script creates a function:", "Then sign the certificate.",
        ])
    }

    @Test("an include written after text on its line is an include: a one-paragraph file reads inside the sentence, a longer one between the text before and after it")
    func inlineInclude() throws {
        let tutorial = try extract("""
            ## Prerequisites

            * An Azure subscription ([!INCLUDE [trial](../../includes/trial.md)]).
            * Reachable URLs: [!INCLUDE [urls](../../includes/urls.md)] and time servers.
            * Check that these URLs are reachable: `[!INCLUDE [not](this-is-code.md)]`
            """, files: [
                "content/en-us/includes/trial.md": "If you don't have one, create a [free account](https://azure.example.org/free).\n",
                "content/en-us/includes/urls.md": "`*.accesscontrol.windows.net` for access control.\n\n`*.backup.windowsazure.com` for replication.\n",
            ])
        let section = try #require(tutorial.sections.last)
        // The model splices a longer include's paragraphs after the paragraphs of the directive's line;
        // the page reads "before" first and "after" (on the directive's line) after the included text.
        let texts = section.paragraphs.map { $0.inlines.map(\.text).joined() }
        #expect(texts == [
            "An Azure subscription (If you don't have one, create a free account.).",
            "Reachable URLs: ", " and time servers.",
            "*.accesscontrol.windows.net for access control.", "*.backup.windowsazure.com for replication.",
            "Check that these URLs are reachable: [!INCLUDE [not](this-is-code.md)]",
        ], "\(texts)")
        #expect(section.paragraphs.map(\.beforeInclude) == [nil, true, nil, nil, nil, nil])
        #expect(section.paragraphs.map(\.line) == [3, 4, 4, 1, 3, 5])
        #expect(tutorial.includes.map(\.name) == ["trial", "urls"])
    }

    @Test("code that starts on a list item's line (five spaces after the marker) is shown without the marker")
    func codeOnTheMarkerLine() throws {
        let tutorial = try extract("""
            ## Sampling

            The strategies are:

            -     Top rows
            -     Random rows
            """)
        #expect(tutorial.sections.last?.code.map(\.text) == ["Top rows\nRandom rows"])
    }

    @Test("code folded into a paragraph: a deeper line between its code lines is code; the paragraph's sentences before and after stay prose")
    func codeFoldedIntoAParagraph() throws {
        let tutorial = try extract("""
            ## Actions

            Here is a queue action:
              "action": { "serviceBusQueueMessage": { "queueName": "q1",
                  "namespace": "mySBNamespace", "transportType": "netMessaging", // Can be either netMessaging or AMQP "authentication": {
                    "sasKeyName": "QPolicy", "type": "sharedAccessKey" }, "message": "Some message",
                  "brokeredMessageProperties": {}, "customMessageProperties": { "appname": "FromScheduler" } }, "type": "serviceBusQueue" }
            That is all it takes.
            """)
        let section = try #require(tutorial.sections.last)
        #expect(section.code.count == 1)
        #expect(section.code.first.map { $0.line...$0.endLine } == 5...7)
        #expect(section.code.first?.text.contains("\"sasKeyName\": \"QPolicy\"") == true)
        let texts = section.paragraphs.map { $0.inlines.map(\.text).joined() }
        #expect(texts.first?.hasPrefix("Here is a queue action:") == true)
        #expect(texts.last == "That is all it takes.", "\(texts)")
    }

    @Test("a note that broken indentation pulled into a code block is an alert, not code, and not lost")
    func noteInCodeBlock() throws {
        let tutorial = try extract("""
            ## Handler

            1. Replace the class:

              Otherwise the request is rejected.

                   public class Handler
                   {
                   }

                 > [!NOTE]
                 > The handler is not real authentication.

            2. Save.
            """)
        let steps = try #require(tutorial.sections.last?.steps)
        #expect(steps[0].code.map(\.text) == ["public class Handler\n{\n}"])
        #expect(steps[0].alerts.map(\.kind) == ["note"])
        #expect(steps[0].alerts.first?.line == 11)
        #expect(steps[0].alerts.first?.text == "The handler is not real authentication.")
    }

    @Test("prose written before the first heading is kept, as the preamble section")
    func preambleProse() throws {
        let tutorial = try extract("An improved planner is available:\n\n* Sizing.\n* Costs.\n\n# Plan capacity\n\nRun the tool.\n")
        #expect(tutorial.sections.map(\.id) == ["preamble", "plan-capacity"])
        #expect(tutorial.sections[0].paragraphs.map { $0.inlines.map(\.text).joined() } == ["An improved planner is available:", "Sizing.", "Costs."])
        #expect(tutorial.title == "Plan capacity")
    }

    @Test("what a section writes after an include that has headings is read under the include's last heading")
    func textAfterIncludeWithHeadings() throws {
        let tutorial = try extract("""
            # T

            Intro.

            [!INCLUDE [shell](../../includes/shell.md)]

            If you run it locally, log in first.

            ```bash
            az login
            ```

            ## Script

            Run the script.
            """, files: ["content/en-us/includes/shell.md": "## Launch the shell\n\nClick **Try it**.\n"])
        let texts = tutorial.sections.map { section in (section.title, section.paragraphs.map { $0.inlines.map(\.text).joined() }, section.code.map(\.text)) }
        #expect(texts.map(\.0) == ["T", "Launch the shell", "Script"])
        #expect(texts[0].1 == ["Intro."] && texts[0].2.isEmpty)
        #expect(texts[1].1 == ["Click Try it.", "If you run it locally, log in first."])
        #expect(texts[1].2 == ["az login"])
        #expect(texts[2].1 == ["Run the script."])
    }

    @Test("a <Properties> header is metadata whatever its letter case")
    func capitalProperties() throws {
        let tutorial = try extract("<Properties pageTitle=\"Title\" authors=\"someone\"/>\n<Tags ms.date=\"01/02/2016\"/>\n\n# T\n\nText.\n")
        #expect(tutorial.metadata.title == "Title" && tutorial.metadata.author == "someone")
        #expect(tutorial.sections.flatMap(\.paragraphs).map { $0.inlines.map(\.text).joined() } == ["Text."])
    }

    @Test("an untagged block never takes the previous sample's language")
    func noInheritance() throws {
        let tutorial = try extract("""
            # T

            1. Run:

                ```csharp
                var a = new A();
                ```

            2. The output:

                    Done.
            """)
        #expect(tutorial.allCode.map(\.language) == ["csharp", "text"])
    }

    @Test("target files: bare names, paths, quotes and glued prefixes")
    func targetFiles() {
        let analyzer = StepTextAnalyzer()
        #expect(analyzer.targetFile(in: "Add the code to the App_Start/WebApiConfig.cs class") == "WebApiConfig.cs")
        #expect(analyzer.targetFile(in: "Ziehen Sie die Komponenten in \"ViewController.h\", und fügen Sie hinzu") == "ViewController.h")
        #expect(analyzer.targetFile(in: "dra från hello komponenter i hello visa tooViewController.h och") == "ViewController.h")
        #expect(analyzer.targetFile(in: "Click Server Explorer and sign in.") == nil)
        #expect(analyzer.action(in: "Replace the `@implementation` section in the RegisterClient.m") == "replace")
        #expect(analyzer.action(in: "Ersetzen Sie den @implementation-Abschnitt") == "replace")
        #expect(analyzer.action(in: "In ViewController.m, add a private method declaration") == "add")
    }
}
