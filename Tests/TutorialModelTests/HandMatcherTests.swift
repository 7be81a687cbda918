import DocFXDialect
import Foundation
import StepwiseDiagnostics
import StepwiseTestSupport
import Testing
@testable import TutorialModel

/// The hand-written matchers that replace a pattern or a whole-text conversion on the model's hot
/// paths must answer exactly what they replace (kept here as the oracle), on crafted text around
/// their edges and on every line of the bundled content and the corpus sample.
@Suite struct HandMatcherTests {
    /// Every line of the bundled content and the corpus sample, and their blocks (a quote's text
    /// spans lines).
    static let corpusTexts: [String] = {
        let sample = RepositoryFiles.root.appendingPathComponent("Tests/TutorialModelTests/CorpusSample/content")
        var texts: [String] = []
        for root in [RepositoryFiles.content, sample] {
            let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "md", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                texts += text.components(separatedBy: "\n") + text.components(separatedBy: "\n\n")
            }
        }
        return texts
    }()

    // MARK: Heading anchors

    static let anchorRegex = FastRegex(#"<a\s+(?:name|id)="([^"]+)""#)

    static let anchorTexts = [
        #"<a name="setup"></a>"#, #"<a id="setup">"#, #"<a  name="x""#, "<a\tname=\"x\"", "<a\nid=\"x\"", "<a\r\nname=\"x\"",
        "<a\u{00A0}name=\"nbsp\"", "<a\u{2003}name=\"em\"", "<a\u{0085}name=\"nel\"", "<a\u{200B}name=\"zwsp\"", "<a\u{FEFF}name=\"bom\"",
        "<a\u{180E}name=\"mongolian\"", "<a\u{3000}id=\"ideographic\"", "<a\u{000B}name=\"vt\"", "<a\u{000C}name=\"ff\"", "<a\u{001C}name=\"fs\"",
        #"<aname="x""#, #"<a name="""#, #"<a name="" id="y""#, #"<a name="" <a id="y">"#, #"<a href="x" name="y">"#, #"<A name="x">"#,
        #"<a NAME="x">"#, #"<a name='x'>"#, #"<a name = "x">"#, #"<a name="x"#, #"<a name="é–ü">"#, #"<a name="a"b">"#,
        #"x <a<a name="z">"#, "<a\u{301} name=\"x\"", #"<a name="line"#, "<a name=\"multi\nline\">", #"<<a id="q">"#, "", "<", "<a", "<a ",
        #"<a name="#, #"<a id=""#, "é<a id=\"é\">", "<a name=\"\u{1F600}\">",
    ]

    @Test("a heading's anchor is the value the pattern reads", arguments: anchorTexts)
    func anchorMatchesPattern(_ html: String) {
        #expect(HTMLAnchorName.first(in: html) == Self.anchorRegex.firstMatch(in: html)?[1], "\(html.debugDescription)")
    }

    @Test("a heading's anchor is the value the pattern reads on every line of the bundled content")
    func anchorMatchesPatternEverywhere() {
        var found = 0
        for text in Self.corpusTexts {
            let expected = Self.anchorRegex.firstMatch(in: text)?[1]
            if expected != nil { found += 1 }
            #expect(HTMLAnchorName.first(in: text) == expected, "\(text.debugDescription)")
        }
        #expect(found > 10)
    }

    // MARK: Azure selectors

    static let selectorTexts = [
        "[AZURE.SELECTOR]", "[azure.selector]", "[Azure.Selector-list]", "[AZURE.SELECTOR", "[AZURE.SELECTO", "[AZURE.SELECTOR\u{301}]",
        "[AZURE.SELECTOR\u{301}", "[AZURE.SELECTOŔ]", "[azure.ſelector]", "[azure.ſelector", "[AZURE.NOTE]", "[!div class=\"op_single_selector\"]",
        "[AZURE.SELECTOR\r\n- link", "[AZURE\r\n.SELECTOR]", "[AZURE.SELECTOR\n", "[AZURE.SELECTOR-LIST (Windows | Linux)]", " [AZURE.SELECTOR]",
        "[AZURE.SELECTOR]é", "[aZuRe.SeLeCtOr]\u{1F600}", "[AZURE.SELECTOR]\u{FB06}", "[ⅰ.SELECTOR]", "", "[", "ß[AZURE.SELECTOR]",
    ]

    @Test("an Azure selector is recognised as upper-casing all of the quote recognised it", arguments: selectorTexts)
    func azureSelectorMatchesUppercasing(_ text: String) {
        #expect(AlertReader.opensWithAzureSelector(text) == text.uppercased().hasPrefix("[AZURE.SELECTOR"), "\(text.debugDescription)")
    }

    @Test("an Azure selector is recognised as upper-casing recognised it on the bundled content")
    func azureSelectorMatchesUppercasingEverywhere() {
        for text in Self.corpusTexts.map(\.trimmingSpaces) + Self.corpusTexts.map({ String($0.drop { $0 == ">" || $0 == " " }) }) {
            #expect(AlertReader.opensWithAzureSelector(text) == text.uppercased().hasPrefix("[AZURE.SELECTOR"), "\(text.debugDescription)")
        }
    }

    // MARK: Code-line filters

    static let filterLines = [
        "name:(NSString *)value", "name: (id)x", "name:\u{00A0}(id)x", "name:\u{2003}(x)", "name:\u{0085}(x)", "é:(x)", "x :(y)", "x: y (z)",
        "Remarque : voir (ci-dessous)", "Remarque\u{00A0}: (voir)", "a::(b)", "a:\t\n(b)", "(a:)", ":(", "a:", "x = 1", "Définissez x = 1",
        "é = 1", "x\u{00A0}= 1", "Définissez la valeur", "x ≠ 1", "x ＝ 1", "x =\u{301} 1", "appel é() ici", "tableau é[i] ici",
        "x\u{301}[ab]", "[[x", "voir [la page] ici", "é[é]", "a[]", "a[ b]", "f()", "(a)()", "Bonjour\u{37E}", "Bonjour;", "a {\u{301}", "x =",
        "tab +", "a &&", "a ||", "{ }", "fin (", "fin [", "fin", "fin é", "fin ;\u{301}", "",
    ]

    static let suffixes = [";", "{", "}", "{ }", "(", "[", "=", "&&", "||", "+"]

    @Test("the selector part and assignment patterns are skipped only where they cannot match", arguments: filterLines)
    func codeLineFilters(_ line: String) {
        if selectorPartRegex.matches(line) { #expect(CodeLineClassifier.maySelectorPart(Array(line.utf8)), "\(line.debugDescription)") }
        if assignmentRegex.matches(line) { #expect(CodeLineClassifier.mayAssign(Array(line.utf8)), "\(line.debugDescription)") }
        if callOrSubscriptRegex.matches(line) { #expect(CodeLineClassifier.mayCallOrSubscript(Array(line.utf8)), "\(line.debugDescription)") }
        if Self.suffixes.contains(where: line.hasSuffix) { #expect(CodeLineClassifier.mayEndWithSuffix(Array(line.utf8)), "\(line.debugDescription)") }
    }

    @Test("the code-line filters let through every bundled line the patterns match, and rule out most prose")
    func codeLineFiltersEverywhere() {
        var ruledOut = 0
        let lines = Self.corpusTexts.map(\.trimmingSpaces)
        for line in lines {
            let maySelector = CodeLineClassifier.maySelectorPart(Array(line.utf8)), mayAssign = CodeLineClassifier.mayAssign(Array(line.utf8))
            if !maySelector && !mayAssign { ruledOut += 1 }
            if selectorPartRegex.matches(line) { #expect(maySelector, "\(line.debugDescription)") }
            if assignmentRegex.matches(line) { #expect(mayAssign, "\(line.debugDescription)") }
            if callOrSubscriptRegex.matches(line) { #expect(CodeLineClassifier.mayCallOrSubscript(Array(line.utf8)), "\(line.debugDescription)") }
            if Self.suffixes.contains(where: line.hasSuffix) { #expect(CodeLineClassifier.mayEndWithSuffix(Array(line.utf8)), "\(line.debugDescription)") }
        }
        #expect(ruledOut > lines.count / 2)
        #expect(!CodeLineClassifier.mayAssign(Array("Définissez la valeur".utf8)))
        #expect(!CodeLineClassifier.maySelectorPart(Array("Remarque : voir (ci-dessous)".utf8)))
    }
}

/// The byte test that spares HTML without `<a` the anchor pattern must let through every HTML the
/// pattern finds an anchor in.
@Suite struct AnchorFilterTests {
    @Test("HTML the anchor pattern matches always passes the byte test")
    func anchorFilter() {
        let crafted = [
            #"<a name="x"></a>"#, #"<A ID='y'>"#, #"<a href="z" name="w">"#, "<a\u{301} name=\"x\">", #"<div id="x">"#, "<span>", "", "<\u{0041} name=\"x\">",
        ]
        var matched = 0
        for html in crafted + HandMatcherTests.corpusTexts where !html.matches(of: standaloneAnchorRegex).isEmpty {
            matched += 1
            #expect(FragmentExtractor.mayHoldAnchor(html), "\(html.debugDescription)")
        }
        #expect(matched > 5)
        #expect(!FragmentExtractor.mayHoldAnchor(#"<div id="x">"#))
    }
}

/// `FragmentExtractor.video` tries its patterns only on text whose first two bytes can start them.
@Suite struct VideoMatcherTests {
    /// `FragmentExtractor.video` without its test of the first two bytes: the oracle.
    static func videoByPatterns(_ text: String) -> String? {
        if let match = text.wholeMatch(of: /\[!VIDEO\s+(?<url>https?:\/\/[^\s\]]+)\s*\]/.ignoresCase()) { return String(match.output.url) }
        if let match = text.wholeMatch(of: /\[(?:AZURE|WACOM)\.VIDEO\s+(?<name>[^\]\s][^\]]*)\]/.ignoresCase()) {
            return "https://azure.microsoft.com/documentation/videos/\(match.output.name.trimmingSpaces)/"
        }
        return nil
    }

    @Test("videos: the first two bytes decide only what no pattern could match")
    func videos() {
        let videos = ["[!VIDEO https://channel9.msdn.com/x/player]", "[!video  https://x.y/z ]", "[AZURE.VIDEO azure-functions-overview]",
                      "[azure.video  name ]", "[Wacom.Video x]", "[wACOM.vIDEO a b]"]
        for text in videos {
            #expect(FragmentExtractor.video(text) != nil, "\(text)")
        }
        let others = ["[link](https://x)", "[!NOTE]", "[!VIDEO]", "x [!VIDEO https://x]", "[", "", "[!", "[A", "[\u{301}!VIDEO https://x]",
                      "[!\u{301}VIDEO https://x]", "[Ａ.VIDEO x]", "[ AZURE.VIDEO x]", "[Bzure.VIDEO x]",
                      "[!VIDÉO https://x]", "[AZURE.VİDEO x]", "[!VIDE0 https://x]", "[!VIDEOS https://x]", "[AZURE.VIDEO]"]
        for text in videos + others + HandMatcherTests.corpusTexts {
            #expect(FragmentExtractor.video(text) == Self.videoByPatterns(text), "\(text)")
        }
    }
}
