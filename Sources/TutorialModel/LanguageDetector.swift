import DocFXDialect

/// Detects the language of a code sample from its text, a file name or a fence's info string.
enum LanguageDetector {
    /// Languages by file extension.
    static let extensions: [String: String] = [
        "cs": "csharp", "m": "objc", "h": "objc", "mm": "objc", "swift": "swift", "json": "json",
        "xml": "xml", "config": "xml", "csproj": "xml", "plist": "xml", "storyboard": "xml", "xaml": "xml",
        "sh": "shell", "bash": "shell", "ps1": "powershell", "js": "javascript", "ts": "typescript",
        "java": "java", "kt": "kotlin", "py": "python", "html": "html", "cshtml": "html", "css": "css",
        "yml": "yaml", "yaml": "yaml",
    ]

    /// Names used in fence info strings, mapped to the model's names.
    static let aliases: [String: String] = [
        "c#": "csharp", "cs": "csharp", "csharp": "csharp", "objective-c": "objc", "objectivec": "objc",
        "objc": "objc", "swift": "swift", "json": "json", "xml": "xml", "bash": "shell", "sh": "shell",
        "shell": "shell", "console": "shell", "azurecli": "shell", "powershell": "powershell",
        "javascript": "javascript", "js": "javascript", "typescript": "typescript", "java": "java",
        "python": "python", "html": "html", "yaml": "yaml", "yml": "yaml",
    ]

    private typealias Rule = (language: String, weight: Int, pattern: Regex<AnyRegexOutput>)

    /// Matched by Unicode scalars (not grapheme clusters): the patterns are ASCII, and scalar
    /// matching is several times faster.
    private nonisolated(unsafe) static let rules: [Rule] = signalRules.map { ($0.language, $0.weight, $0.pattern.matchingSemantics(.unicodeScalar)) }

    private nonisolated(unsafe) static let signalRules: [Rule] = [
        ("objc", 3, try! Regex(#"@(interface|implementation|property|end|protocol|synthesize)\b"#)),
        ("objc", 3, try! Regex(#"#import\s+[<"]"#)),
        ("objc", 2, try! Regex(#"@""#)),
        ("objc", 2, try! Regex(#"\[\s*(self|super)\s+\w+"#)),
        ("objc", 2, try! Regex(#"\b(IBAction|IBOutlet|NSString|NSData|NSURL\w*|NSError|NSSet|NSLog|instancetype|nonatomic)\b"#)),
        ("objc", 2, try! Regex(#"(?m)^\s*[-+]\s*\(\s*\w+"#)),
        ("objc", 1, try! Regex(#"\bself\.\w+"#)),
        ("objc", 1, try! Regex(#"\b(YES|NO|nil)\b"#)),
        ("csharp", 3, try! Regex(#"(?m)^\s*using\s+[A-Z][\w.]*\s*;"#)),
        ("csharp", 3, try! Regex(#"\b(namespace|async\s+Task|Task<|HttpResponseMessage|\{\s*get;\s*set;\s*\})"#)),
        ("csharp", 2, try! Regex(#"\b(public|private|protected)\s+(static\s+)?(class|void|string|bool|int|async|override)\b"#)),
        ("csharp", 2, try! Regex(#"\bnew\s+[A-Z]\w*(<[^>]*>)?\s*\("#)),
        ("csharp", 2, try! Regex(#"\bvar\s+\w+\s*="#)),
        ("csharp", 1, try! Regex(#"\b(string|null|this)\b"#)),
        ("swift", 3, try! Regex(#"\b(func|guard\s+let|if\s+let|import\s+(Foundation|UIKit|SwiftUI))\b"#)),
        ("swift", 2, try! Regex(#"\blet\s+\w+\s*(:|=)"#)),
        ("swift", 1, try! Regex(#"->\s*\w"#)),
        ("shell", 3, try! Regex(#"(?m)^\s*(\$ |sudo |apt(-get)? |npm |dotnet |git |cd |export |curl |az |brew )"#)),
        ("shell", 3, try! Regex(#"^#!\/(usr\/)?bin\/"#)),
    ]

    /// The language of `code`, preferring the fence info, then the target file's extension.
    static func detect(code: String, info: String?, file: String?) -> String? {
        if let info = info?.split(separator: " ").first.map({ $0.lowercased() }), !info.isEmpty {
            return aliases[info] ?? info
        }
        if let file, let ext = file.split(separator: ".").last.map({ $0.lowercased() }), let language = extensions[ext] {
            return language
        }
        return detect(code: code)
    }

    /// How many characters from the start of a sample are searched for language signals.
    static let signalWindow = 1_500

    /// The language whose signals weigh most in `code`, or `nil` when none shows.
    static func detect(code: String) -> String? {
        let trimmed = code.trimmingSpaces
        if let structured = structuredLanguage(trimmed) { return structured }
        var scores: [String: Int] = [:]
        // The opening of a sample shows its language; scanning all of a long sample only costs time.
        let opening = trimmed.prefix(Self.signalWindow)
        for rule in rules where opening.contains(rule.pattern) {
            scores[rule.language, default: 0] += rule.weight
        }
        return scores.max { ($0.value, $1.key) < ($1.value, $0.key) }.flatMap { $0.value > 0 ? $0.key : nil }
    }

    /// JSON and XML, recognised by their shape.
    private static func structuredLanguage(_ text: String) -> String? {
        if (text.hasPrefix("{") && text.hasSuffix("}")) || (text.hasPrefix("[") && text.hasSuffix("]")),
            text.contains(jsonKeyRegex), !text.contains(";")
        {
            return "json"
        }
        if text.hasPrefix("<"), text.contains("</") || text.contains("/>"), !text.contains(";") || text.hasPrefix("<?xml") {
            return "xml"
        }
        return nil
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let jsonKeyRegex = /"[^"]*"\s*:/
