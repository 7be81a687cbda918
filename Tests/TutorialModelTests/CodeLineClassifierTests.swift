import Foundation
import StepwiseDiagnostics
import StepwiseTestSupport
import Testing
@testable import TutorialModel

/// The code-line test reads prefixes and suffixes by bytes where that is exact, and runs the call or
/// subscript pattern only on lines that can hold a match: it must answer what comparing characters
/// and running every pattern answered (the first form, kept here as the oracle).
@Suite struct CodeLineClassifierTests {
    static let codePrefixes = [
        "//", "/*", "*/", "#import", "#include", "#define", "#pragma", "#if", "#endif", "#region",
        "-(", "- (", "+(", "+ (", "{", "}", "[", "]", "<?", "using ", "import ", "return ", "var ",
        "let ", "const ", "func ", "public ", "private ", "protected ", "internal ", "static ",
        "if (", "if(", "else", "for (", "while (", "switch ", "case ", "catch", "try ", "self.",
        "this.", "await ", "throw ", "new ", "_", "@",
    ]
    static let codeSuffixes = [";", "{", "}", "{ }", "(", "[", "=", "&&", "||", "+"]
    static let callOrSubscript = try! NSRegularExpression(pattern: #"\[\[|\w\(\)|\w\[\w+\]"#)
    static let assignment = try! NSRegularExpression(pattern: #"\A[\w.\->*\[\]]+\s*=\s*\S.*\z"#)

    static let lines = [
        "// comment", "//\u{301} accent on the slash", "{", "{\u{301}", "return x;", "Bonjour\u{37E}", "Bonjour;", "a {\u{301}", "x = y +", "if (a && b) {",
        "Voir la page (documentation) pour plus", "Appelez foo() ensuite", "Appelez é() ensuite", "tableau[index]", "tableau[é]", "valeur[[0]]",
        "Liste [a] et (b)", "[lien](page.md)", "texte ( ) vide", "x[ ]", "Crée un élément", "ÉTAPE 1 : ouvrez le portail", "self.window = w",
        "_privé", "@objc", "K\u{212A}", "résultat = calcul(x)", "name:(NSString *)value", "Ce texte, très long, n'est pas du code du tout.",
        "x = 1", "x=1", "a.b->c[0] *= 2", "obj.prop\t= value", "x\u{000B}= 1", "x\u{000C}=1", "x = ", "= 1", "x == y", "x y = 1",
        "é = 1", "x\u{301} = 1", "x\u{00A0}= 1", "x\u{2003}= 1", "Définissez x = 1", "x_1 = a(b)", "-> = 1", "**x = y", "[a] = b",
    ]

    static func oracle(_ line: String) -> Bool? {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, !text.contains("](") else { return nil }
        if codePrefixes.contains(where: text.hasPrefix) || codeSuffixes.contains(where: text.hasSuffix) { return true }
        return nil
    }

    @Test("a prefix or suffix makes a line code exactly when the characters compare equal", arguments: lines)
    func prefixesAndSuffixes(_ line: String) {
        // Where the prefixes and suffixes decide, the classifier agrees with comparing characters.
        if Self.oracle(line) == true { #expect(CodeLineClassifier.isCodeLike(line)) }
    }

    @Test("the call or subscript pattern is skipped only where it cannot match", arguments: lines)
    func callOrSubscriptFilter(_ line: String) {
        let matches = Self.callOrSubscript.firstMatch(in: line, range: NSRange(location: 0, length: line.utf16.count)) != nil
        if matches { #expect(CodeLineClassifier.mayCallOrSubscript(Array(line.utf8))) }
    }

    @Test("the assignment pattern is skipped only where it cannot match", arguments: lines)
    func assignmentFilter(_ line: String) {
        let matches = Self.assignment.firstMatch(in: line, range: NSRange(location: 0, length: line.utf16.count)) != nil
        if matches { #expect(CodeLineClassifier.mayAssign(Array(line.utf8))) }
    }

    @Test("the assignment scan rules out prose and keeps what may assign")
    func assignmentScan() {
        for line in ["x = 1", "a.b->c[0]*= 2", "é = 1", "x\u{00A0}= 1", "obj.prop\t= value"] { #expect(CodeLineClassifier.mayAssign(Array(line.utf8)), "\(line)") }
        for line in ["x y = 1", "= 1", "Define x = 1", "(x) = 1", "x", ""] {
            #expect(!CodeLineClassifier.mayAssign(Array(line.utf8)), "\(line)")
        }
    }

    @Test("lines whose prefix or suffix only looks alike in bytes")
    func lookalikes() {
        #expect(!CodeLineClassifier.isCodeLike("{\u{301} une accolade accentuée n'ouvre rien de plus"))
        #expect(CodeLineClassifier.isCodeLike("Bonjour\u{37E}"))  // GREEK QUESTION MARK is `;` canonically
        #expect(CodeLineClassifier.isCodeLike("Appelez foo() ensuite"))
        #expect(!CodeLineClassifier.isCodeLike("Voir la page (documentation) pour plus"))
    }

    /// Each pattern with the byte matcher that answers it for printable ASCII.
    static let patterns: [(name: String, regex: FastRegex, bytes: @Sendable ([UInt8]) -> Bool)] = [
        ("selector part", selectorPartRegex, PrintableASCIIPatterns.selectorPart),
        ("call or subscript", callOrSubscriptRegex, PrintableASCIIPatterns.callOrSubscript),
        ("assignment", assignmentRegex, PrintableASCIIPatterns.assignment),
        ("bold text", boldTextRegex, PrintableASCIIPatterns.boldText),
        ("bold item", boldItemRegex, PrintableASCIIPatterns.boldItem),
    ]

    static let printableLines = [
        "name:(NSString *)value", "name: (id)x", "name:  x(", ":(", "a:(", "_:(", "- (void)setName:(NSString *)name;",
        "[[0]]", "a()", "a ()", "()", "a[b]", "a[]", "a[b c]", "a[_]", "[b]", "x[0][1]", "f(a[i])", "arr[ i ]",
        "x = 1", "x=1", "a.b->c[0] *= 2", "x = ", "= 1", "x == y", "x y = 1", "-> = 1", "**x = y", "[a] = b", "x =  ", "x= y z",
        "a.b = c", "x*=2", "x+= 1", "x -= 1",
        "**bold**", "** not bold**", "**a*b**", "**a**", "***a**", "**_x** y", "**a", "a **b** c", "**a* b", "****", "**1.**",
        "* **item**", "- **item**", "+ **item**", "* *item*", "*  **x**", "1. **x**", "-**x**",
        "", "a", "*", "**", "==", "=", "[", "]",
    ]

    @Test("the byte matchers answer each pattern on printable ASCII as ICU does", arguments: printableLines)
    func byteMatchersAgree(_ line: String) {
        for pattern in Self.patterns {
            #expect(pattern.bytes(Array(line.utf8)) == pattern.regex.matches(line), "\(pattern.name): \(line.debugDescription)")
        }
    }

    @Test("the byte matchers agree with the patterns on every printable line of the bundled content and corpus sample, and on random lines")
    func byteMatchersAgreeEverywhere() throws {
        let folders = [RepositoryFiles.content, RepositoryFiles.root.appendingPathComponent("Tests/StepwiseCommandsTests/Fixtures/corpus-sample")]
        let files = folders.flatMap { folder in
            (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "md" }
        }
        var lines: [String] = []
        for url in files {
            lines += try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        // Random lines over the bytes the patterns read.
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab_1 :()[]=*-.>+x".utf8)
        for _ in 0..<20_000 {
            lines.append(String(decoding: (0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self))
        }
        let printable = lines.filter { $0.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
        #expect(printable.count > 20_000)
        for line in printable {
            for pattern in Self.patterns where pattern.bytes(Array(line.utf8)) != pattern.regex.matches(line) {
                Issue.record("\(pattern.name) disagrees on \(line.debugDescription)")
            }
        }
    }
}
