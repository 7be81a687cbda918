@testable import Site
import Foundation
import StepwiseTestSupport
import Testing

@Suite struct HighlighterTests {
    let highlighter = Highlighter()

    func kinds(_ code: String, _ language: String) -> [String: HighlightToken.Kind] {
        Dictionary(highlighter.tokens(code, language: language).map { ($0.text.trimmingCharacters(in: .whitespaces), $0.kind) }) { first, _ in first }
    }

    @Test("tokens give back the code exactly, in every language", arguments: [
        ("csharp", "using System;\n// note\nvar s = @\"a \"\"b\"\"\"; int n = 42;"),
        ("objc", "#import \"A.h\"\n@interface A : NSObject\n@property (nonatomic) NSString* s; /* c */\n@end"),
        ("swift", "let x: Int = 1 // one\nfunc f() -> String { \"s\\(x)\" }"),
        ("json", "{ \"key\": [1, true, null, \"v\"] }"),
        ("xml", "<?xml version=\"1.0\"?>\n<!-- c --><a href='x'>t &amp; u</a>"),
        ("text", "anything <at> all"),
        ("objc", "\"unterminated \\"),
        ("csharp", "// é\r\nvar café = \"x\u{301}\"; /* 👩‍💻 */ int n = 4;\r\nstring s;"),
        ("swift", "let e\u{301}t\u{301}e\u{301} = \"日本語\" // ünïcode\r\nclass Größe {}"),
    ])
    func roundTrip(language: String, code: String) {
        #expect(highlighter.tokens(code, language: language).map(\.text).joined() == code)
    }

    @Test("a token after characters of several bytes or scalars is the text it spans, and classed by it")
    func tokensAfterClusters() {
        let tokens = highlighter.tokens("/* é e\u{301} 👩‍💻 */ int café = 1;\r\nstring s = \"x\u{301}\";", language: "csharp")
        #expect(tokens.map(\.text).joined() == "/* é e\u{301} 👩‍💻 */ int café = 1;\r\nstring s = \"x\u{301}\";")
        #expect(tokens.first == HighlightToken(.comment, "/* é e\u{301} 👩‍💻 */"))
        #expect(tokens.contains(HighlightToken(.keyword, "int")) && tokens.contains(HighlightToken(.keyword, "string")))
        #expect(tokens.contains(HighlightToken(.string, "\"x\u{301}\"")))
    }

    @Test("keywords, types, strings, comments and directives are classed")
    func classes() {
        let objc = kinds("#import <UIKit/UIKit.h>\n@interface RegisterClient : NSObject\nNSString* s = @\"x\"; // c\n", "objc")
        #expect(objc["#import"] == .preprocessor)
        #expect(objc["@interface"] == .keyword)
        #expect(objc["NSObject"] == .type)
        #expect(objc["@\"x\""] == .string)
        #expect(objc["// c"] == .comment)
        let csharp = kinds("public class A { int n = 3; }", "csharp")
        #expect(csharp["public"] == .keyword)
        #expect(csharp["3"] == .number)
        let swift = kinds("struct S { let x = \"y\" }", "swift")
        #expect(swift["struct"] == .keyword)
        #expect(swift["\"y\""] == .string)
    }

    @Test("JSON keys are properties and XML has tags and attributes")
    func jsonAndXML() {
        let json = kinds("{\"Platform\": \"apns\"}", "json")
        #expect(json["\"Platform\""] == .property)
        #expect(json["\"apns\""] == .string)
        let xml = kinds("<add key=\"a\"/>", "xml")
        #expect(xml["<add"] == .tag)
        #expect(xml["key"] == .attribute)
        #expect(xml["\"a\""] == .string)
    }

    @Test("the ASCII-first character tests answer as Character's own for every ASCII character, CR LF and others")
    func asciiFirstCharacterTests() {
        let characters = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) } + ["\r\n", "é", "ß", "٣", "Ⅻ", "\u{85}", "\u{2028}", "\u{A0}", "😀", "e\u{301}"]
        for character in characters {
            #expect(character.isLetterASCIIFirst == character.isLetter, "\(character.unicodeScalars.map(\.value))")
            #expect(character.isNumberASCIIFirst == character.isNumber, "\(character.unicodeScalars.map(\.value))")
            #expect(character.isWhitespaceASCIIFirst == character.isWhitespace, "\(character.unicodeScalars.map(\.value))")
        }
    }

    @Test("the ASCII mask of a grammar's quotes and prefixes answers as the sets for every ASCII character, CR LF and others")
    func asciiMask() {
        let sets: [Set<Character>] = [["\"", "'", "`"], ["@", "$"], ["\n"], ["\n", "\r\n", "é", "A"], [], ["\u{7F}", "\u{0}", "?", "@"]]
        let characters = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) } + ["\r\n", "é", "e\u{301}", "\"\u{301}", "🙂"]
        for set in sets {
            let mask = ASCIIMask(set)
            for character in characters {
                #expect(mask.contains(character, in: set) == set.contains(character), "\(Array(character.unicodeScalars)) in \(set)")
            }
        }
    }

    @Test("plain runs are one token, merged with a plain word before them")
    func plainRuns() {
        #expect(highlighter.tokens("a = b;\n", language: "csharp") == [HighlightToken(.plain, "a = b;\n")])
        #expect(highlighter.tokens("x + 1", language: "csharp") == [HighlightToken(.plain, "x + "), HighlightToken(.number, "1")])
    }

    /// Every grammar's name, each once.
    static let languages = ["csharp", "objc", "swift", "json", "javascript", "shell", "powershell", "java", "python", "sql", "yaml"]

    @Test("text is read by scalars only where each of its characters is one scalar")
    func singleScalarText() {
        var scalarTexts = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in ["a\(scalar)b", "\(scalar)a", "\"\(scalar)", "\(scalar)\n", "\(scalar)\(scalar)"] where Highlighter.isSingleScalarText(text) {
                #expect(text.count == text.unicodeScalars.count, "\(value)")
                scalarTexts += 1
            }
        }
        #expect(scalarTexts == 5 * 0x300 - 5)  // every scalar below U+0300 but CR
        #expect(!Highlighter.isSingleScalarText("a\r\nb") && !Highlighter.isSingleScalarText("e\u{301}") && Highlighter.isSingleScalarText("café ñ ß"))
    }

    @Test("by scalars, every grammar and markup give the tokens they give by characters: each scalar below U+0300 in code and markup, and the bundled samples")
    func scalarsAsCharacters() throws {
        var codes = ["int café = 1; // é", "Größe x = \"ñ\"; /* ß */", "échec: \"clé\": 3", "x\u{85}y \u{A0} z", "a²b ³ ½ ¼", "#include <stdio.h>\n# é"]
        // Every scalar below U+0300 (but CR) where a letter, a number, a word, a string, a comment and a
        // line's indentation before a directive may take it.
        for value in UInt32(0)..<0x300 where value != 0x0D {
            let scalar = Character(Unicode.Scalar(value)!)
            codes.append("<a\(scalar) b\(scalar)=\"\(scalar)\" \(scalar)c='x'>\(scalar)<!--\(scalar)--><\(scalar)/a><?x\(scalar)?>")
            codes.append("a\(scalar)b \(scalar)1 1\(scalar) \"\(scalar)\" // \(scalar)\n\(scalar)x @\(scalar) $\(scalar)\"q\" #\(scalar)\n\(scalar)#define x")
        }
        // The code blocks of the bundled documents.
        for case let file as String in FileManager.default.enumerator(atPath: RepositoryFiles.content.path)! where file.hasSuffix(".md") {
            let text = try String(contentsOf: RepositoryFiles.content.appendingPathComponent(file), encoding: .utf8)
            codes += text.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        }
        var compared = 0
        for code in codes where Highlighter.isSingleScalarText(code) {
            #expect(MarkupTokenizer<Unicode.Scalar>(code).tokens() == MarkupTokenizer<Character>(code).tokens(), "markup: \(code)")
            for language in Self.languages {
                let grammar = try #require(LanguageGrammar.named(language))
                let byScalars = CodeTokenizer<Unicode.Scalar>(code, grammar: grammar).tokens()
                #expect(byScalars == CodeTokenizer<Character>(code, grammar: grammar).tokens(), "\(language): \(code)")
                compared += 1
            }
        }
        #expect(compared > 11 * 0x300)
    }
}
