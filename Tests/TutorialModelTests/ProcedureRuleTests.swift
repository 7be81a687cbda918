import DocFXDialect
import Foundation
import StepwiseDiagnostics
import StepwiseTestSupport
import Testing
@testable import TutorialModel

/// Which numbered lists are procedures (steps), in the document's language, and how sub-steps
/// indented too little to nest stay in their step.
@Suite struct ProcedureRuleTests {
    private func extract(_ text: String, locale: String = "en-us") throws -> Tutorial {
        let dir = try TemporaryDirectory()
        let url = try dir.write("content/\(locale)/articles/a/t.md", text)
        return try TutorialExtractor(loader: DocumentLoader(workingDirectory: dir.url, defaultLocale: "en-us")).extract(url)
    }

    private func stepLines(_ tutorial: Tutorial) -> [Int] { tutorial.allSteps.map(\.line) }

    @Test("a list most of whose items open with an article lists things or a flow, in each language", arguments: [
        ("en-us", "The device sends a request.", "The service answers.", "Open the portal."),
        ("fr-fr", "L’appareil envoie une demande.", "Le service répond.", "Ouvrez le portail."),
        ("es-es", "El dispositivo envía una solicitud.", "La aplicación responde.", "Abra el portal."),
        ("de-de", "Das Gerät sendet eine Anfrage.", "Der Dienst antwortet.", "Öffnen Sie das Portal."),
        ("sv-se", "En begäran skickas.", "Ett svar kommer.", "Öppna portalen."),
    ])
    func descriptiveList(locale: String, first: String, second: String, instruction: String) throws {
        let flow = try extract("## S\n\nHow it works:\n\n1. \(first)\n2. \(second)\n3. \(instruction)\n", locale: locale)
        #expect(stepLines(flow).isEmpty)
        #expect(flow.nonStepLists.map(\.line) == [5])
        // One item in three opening with an article is still a procedure.
        let procedure = try extract("## S\n\nDo this:\n\n1. \(instruction)\n2. \(first)\n3. \(instruction)\n", locale: locale)
        #expect(stepLines(procedure) == [5, 6, 7])
    }

    @Test("an article opening a circumstance (\"Une fois …\") is not a thing")
    func circumstanceIsNotAThing() throws {
        let tutorial = try extract("""
            ## S

            1. Une fois le portail ouvert, cliquez sur **Créer**.
            2. Une fois la ressource créée, ouvrez-la.
            3. La page s’affiche.
            """, locale: "fr-fr")
        #expect(stepLines(tutorial) == [3, 4, 5])
    }

    @Test("a list is read in its document's language: an English article word means nothing in Spanish")
    func languageOfTheDocument() throws {
        // "A continuación" opens many Spanish steps; "a" is an English article only.
        let text = "## S\n\n1. A continuación, seleccione **Crear**.\n2. A continuación, abra la página.\n"
        #expect(stepLines(try extract(text, locale: "es-es")) == [3, 4])
        #expect(stepLines(try extract(text, locale: "en-us")).isEmpty)
    }

    @Test("alternatives announced with their number are options, not steps; a count of steps is a procedure")
    func announcedAlternatives() throws {
        let options = try extract("""
            ## S

            Il existe trois mécanismes pour héberger plusieurs sites.

            1. Hébergez chaque application sur une adresse IP.
            2. Utilisez le nom d’hôte.
            3. Utilisez des ports différents.
            """, locale: "fr-fr")
        #expect(stepLines(options).isEmpty)
        // "Several" or a count that is not the list's length announces nothing about this list.
        let several = try extract("""
            ## S

            There are several ways to onboard a machine. This one uses the portal:

            1. Select **Automation accounts**.
            2. Select an account.
            """)
        #expect(stepLines(several) == [5, 6])
        let mismatch = try extract("## S\n\nThere are two ways to monitor the pipeline.\n\n1. Check the blob.\n2. Check the database.\n3. Check the dashboard.\n")
        #expect(stepLines(mismatch) == [5, 6, 7])
        let steps = try extract("## S\n\nIl existe deux étapes de base pour configurer un coffre :\n\n1. Créez un groupe.\n2. Créez un coffre.\n", locale: "fr-fr")
        #expect(stepLines(steps) == [5, 6])
    }

    @Test("a list of what the reader needs, announced by a sentence ending in a colon, is prerequisites")
    func requirements() throws {
        let prerequisites = try extract("""
            ## Before you begin
            To perform the tasks listed in this article, you need the following:
            1. A valid **Azure subscription**.
            2. An **Azure AD directory**.
            3. **Azure AD Domain Services**, enabled for the directory.
            4. Make sure the DNS servers are configured.
            5. Complete the steps to synchronize passwords.
            """)
        #expect(stepLines(prerequisites).isEmpty)
        // The same lead-in before instructions only (no item names a thing) stays a procedure.
        let procedure = try extract("""
            ## S
            From the connected computer, download the items you need:
            1. Open a PowerShell console.
            2. Add the Azure account.
            """)
        #expect(stepLines(procedure) == [3, 4])
    }

    @Test("bold terms followed by a French colon (\"**Terme** : …\") define terms")
    func frenchColonTerms() throws {
        let tutorial = try extract("""
            ## S

            1. **Émetteur approuvé** : le certificat doit être émis par une autorité approuvée.
            2. **Durée de vie** : le certificat doit être valide pour 3 à 6 mois.
            """, locale: "fr-fr")
        #expect(stepLines(tutorial).isEmpty)
    }

    @Test("items indented past the first marker whose numbers restart are sub-steps of the item above")
    func subStepsIndentedTooLittle() throws {
        // "1.  " puts the item's content at column 5: "   1." (3 spaces) does not nest in CommonMark
        // and reads as a sibling item of the same list.
        let tutorial = try extract("""
            ## S

            1.  Enable the solution. You can:

               1. Enable it from the gallery.
               2. Run the following cmdlet:

                    ```powershell
                    Set-AzureRmOperationalInsightsIntelligencePack -Enabled $true
                    ```

            2.  Run the following command.
            """)
        let steps = tutorial.allSteps
        #expect(steps.map(\.line) == [3, 12])
        #expect(steps.map(\.shownNumber) == [1, 2])
        // The sub-steps are the first step’s, as a numbered list in it, and so is their code (placed
        // at its first code line, 9).
        let details = steps[0].details.filter { $0.list != nil }
        #expect(details.map(\.line) == [5, 6])
        #expect(details.map { $0.list?.number } == [1, 2])
        #expect(details.map { $0.list?.ordered } == [true, true])
        #expect(steps[0].code.map(\.line) == [9])
        // Items indented the same way but numbered on are steps (an indentation slip, not nesting).
        let slipped = try extract("## S\n\n1. One.\n 2. Two.\n 3. Three.\n")
        #expect(slipped.allSteps.map(\.shownNumber) == [1, 2, 3])
    }

    @Test("an HTML <ol start=\"N\"> of instructions carries the procedure on: its items are steps, numbered from N")
    func htmlListSteps() throws {
        let tutorial = try extract("""
            ## Configure

            1. Open `ViewController.swift`.

            ```swift
            let id = "x"
            ```
            <!-- Workaround for Docs conversion bug -->
            <ol start="2">
            <li>
            Open <code>Info.plist</code> &amp; add the keys:
            </li>
            <li>Save the file.</li>
            </ol>

            ```xml
            <key>CFBundleURLTypes</key>
            ```
            """)
        let steps = tutorial.allSteps
        #expect(steps.map(\.line) == [3, 10, 13], "each at its <li> line")
        #expect(steps.map(\.shownNumber) == [1, 2, 3])
        #expect(steps[1].text == "Open Info.plist & add the keys:")
        #expect(steps[1].inlines.map(\.kind) == [.html], "shown as sanitized HTML")
        #expect(steps[1].terms == ["Info.plist"])
        // The code after the list belongs to its last item, as a reader follows it.
        #expect(steps[2].code.map(\.language) == ["xml"])
        #expect(tutorial.sections[0].paragraphs.allSatisfy { $0.html == nil }, "the list is not shown again as an HTML block")
        // An HTML list of things is not a procedure, like a Markdown one.
        let things = try extract("## S\n\n<ol>\n<li>The device sends a request.</li>\n<li>The service answers.</li>\n</ol>\n")
        #expect(things.allSteps.isEmpty)
        #expect(things.sections[0].paragraphs.compactMap(\.html).count == 1)
    }

    @Test("an item's opening read by bytes is the one its characters give, on 30,000 generated texts")
    func openingByBytes() {
        let pieces = ["Une", "une", "Créez", "l'", "L’", "fois", " ", " ", "\t", "\n", "\r\n", "\r", "\u{301}", "\u{A0}", "\u{2003}", "É", "x", "ABC", "-", "."]
        var generator = SplitMix64(seed: 11)
        var (differing, fallbacks) = ([String](), 0)
        for _ in 0..<30_000 {
            let text = (0..<Int.random(in: 0...9, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let length = Int.random(in: 0...12, using: &generator)
            let expected = ProcedureRule.openingByCharacters(of: Substring(text), length: length)
            if !text.utf8.allSatisfy({ $0 < 0x80 && $0 != 13 }) { fallbacks += 1 }
            if !ProcedureRule.opening(of: Substring(text), length: length).utf8.elementsEqual(expected.utf8) { differing.append(text.debugDescription) }
        }
        #expect(differing.count == 0, "texts read otherwise, the first: \(differing.prefix(5))")
        #expect(fallbacks < 25_000)  // many texts are read by their bytes alone: both readings compared
        #expect(ProcedureRule.opening(of: "Une Fois Terminé", length: 3) == "une fois")
        #expect(ProcedureRule.opening(of: "Une \u{301}fois", length: 2) == ProcedureRule.openingByCharacters(of: "Une \u{301}fois", length: 2))
    }
}
