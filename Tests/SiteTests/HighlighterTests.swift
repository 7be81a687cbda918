@testable import Site
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
}
