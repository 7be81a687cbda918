/// What the highlighter needs to know about a language: comments, strings and keywords.
struct LanguageGrammar: Sendable {
    var lineComment: String?
    var blockComment: (open: String, close: String)?
    /// Characters that open (and close) a string.
    var quotes: Set<Character> = ["\""]
    /// Prefixes glued to a string's opening quote (`@"…"`, `$"…"`).
    var stringPrefixes: Set<Character> = []
    var keywords: Set<String> = []
    /// `#import` and friends start a preprocessor directive.
    var preprocessor = false
    /// `@interface`-style keywords.
    var atKeywords = false
    /// Identifiers starting with a capital letter are types.
    var capitalizedTypes = true
    /// String keys followed by `:` are properties (JSON).
    var keyedStrings = false

    /// The grammar for a model language name (`csharp`, `objc`, …), or `nil` to leave the code plain.
    static func named(_ language: String) -> LanguageGrammar? {
        switch language.lowercased() {
        case "csharp", "cs", "c#": csharp
        case "objc", "objective-c", "objectivec", "c", "cpp": objc
        case "swift": swift
        case "json": json
        case "javascript", "js", "typescript": javascript
        case "shell", "bash", "sh", "azurecli", "cmd": shell
        case "powershell": powershell
        case "java", "kotlin", "go", "rust", "scala", "php": cFamily
        case "python", "ruby": python
        case "sql": sql
        case "yaml": yaml
        default: nil
        }
    }

    static let csharp = LanguageGrammar(
        lineComment: "//", blockComment: ("/*", "*/"), stringPrefixes: ["@", "$"],
        keywords: words("""
            abstract as async await base bool break byte case catch char class const continue decimal default \
            delegate do double else enum event explicit extern false finally float for foreach get if implicit \
            in int interface internal is lock long namespace new null object out override params private \
            protected public readonly ref return sealed set short static string struct switch this throw true \
            try typeof uint ulong using var virtual void volatile while yield
            """),
        preprocessor: true)

    static let objc = LanguageGrammar(
        lineComment: "//", blockComment: ("/*", "*/"), stringPrefixes: ["@"],
        keywords: words("""
            auto break case char const continue default do double else enum extern float for goto if inline \
            int long return short signed sizeof static struct switch typedef union unsigned void while \
            self super nil Nil YES NO BOOL id instancetype SEL IMP strong weak nonatomic atomic copy assign \
            readonly readwrite retain __block __weak __strong IBOutlet IBAction NULL
            """),
        preprocessor: true, atKeywords: true)

    static let swift = LanguageGrammar(
        lineComment: "//", blockComment: ("/*", "*/"),
        keywords: words("""
            actor any as associatedtype async await break case catch class continue default defer deinit do \
            else enum extension fallthrough false fileprivate for func guard if import in init inout internal \
            is let nil open operator private protocol public repeat rethrows return self Self some static \
            struct subscript super switch throw throws true try typealias var where while
            """),
        atKeywords: true)

    static let json = LanguageGrammar(
        keywords: ["true", "false", "null"], capitalizedTypes: false, keyedStrings: true)

    static let javascript = LanguageGrammar(
        lineComment: "//", blockComment: ("/*", "*/"), quotes: ["\"", "'", "`"],
        keywords: words("""
            async await break case catch class const continue default delete do else export extends false \
            finally for function if import in instanceof let new null return switch this throw true try typeof \
            undefined var void while yield
            """))

    static let shell = LanguageGrammar(
        lineComment: "#", quotes: ["\"", "'"],
        keywords: words("if then else elif fi for in do done while case esac function return export sudo"),
        capitalizedTypes: false)

    static let powershell = LanguageGrammar(
        lineComment: "#", blockComment: ("<#", "#>"), quotes: ["\"", "'"],
        keywords: words("""
            begin break catch class continue data do dynamicparam else elseif end exit filter finally for \
            foreach from function if in param process return switch throw trap try until using var while
            """),
        capitalizedTypes: false)

    /// Java, Kotlin, Go, Rust, Scala, PHP: C-style comments and strings, their common keywords.
    static let cFamily = LanguageGrammar(
        lineComment: "//", blockComment: ("/*", "*/"), quotes: ["\"", "'"],
        keywords: words("""
            abstract break case catch class const continue default do else enum extends final finally for \
            fun func go if implements import interface let match mut new null nil package private protected \
            public return static struct super switch this throw throws true false try val var void while \
            boolean int long double float char byte short string String fn impl trait type defer range map chan
            """))

    /// Python and Ruby: `#` comments, both quotes.
    static let python = LanguageGrammar(
        lineComment: "#", quotes: ["\"", "'"],
        keywords: words("""
            and as assert async await break class continue def del elif else end except finally for from \
            global if import in is lambda module nil None not or pass puts raise require return self True \
            False try unless while with yield
            """))

    static let sql = LanguageGrammar(
        lineComment: "--", blockComment: ("/*", "*/"), quotes: ["'"],
        keywords: words("""
            SELECT FROM WHERE AND OR NOT IN IS NULL INSERT INTO VALUES UPDATE SET DELETE CREATE ALTER DROP \
            TABLE DATABASE INDEX VIEW PROCEDURE FUNCTION PRIMARY KEY FOREIGN REFERENCES JOIN INNER LEFT RIGHT \
            OUTER ON AS ORDER BY GROUP HAVING DISTINCT TOP LIMIT UNION ALL EXEC GO BEGIN END DECLARE GRANT \
            USER LOGIN WITH INT VARCHAR NVARCHAR DATETIME BIT
            select from where and or not in is null insert into values update set delete create alter drop \
            table database index view join on as order by group having distinct limit union all with
            """),
        capitalizedTypes: false)

    static let yaml = LanguageGrammar(
        lineComment: "#", quotes: ["\"", "'"],
        keywords: words("true false null yes no on off"), capitalizedTypes: false)

    private static func words(_ list: String) -> Set<String> {
        Set(list.split(separator: " ").map(String.init))
    }
}
