import Foundation

/// The snippet tags of a code file as DocFX defines them: `<name>` … `</name>` in a line comment of
/// the file's language (`// <name>` in C-family languages, `# <name>` in Python, PowerShell and shell,
/// `<!-- <name> -->` in XML and HTML, `-- <name>` in SQL, `' <name>` in Visual Basic, `rem <name>` in
/// batch files, `(* <name> *)` in F#), and region directives (`#region name` … `#endregion` in C#,
/// `#Region "name"` … `#End Region` in Visual Basic, `#pragma region name` in C++).
struct CodeRegionTags {
    /// How a line opens a comment that may hold a tag.
    let openers: [String]

    /// The tags of `language` (a `code-<lang>` tag or a file extension); every comment syntax when unknown.
    init(language: String) {
        let key = language.lowercased()
        openers = Self.families.first { $0.languages.contains(key) }?.openers ?? Self.allOpeners
    }

    enum Tag: Equatable {
        case start(String)
        case end(String)
        /// `#region name`, ended by the next unmatched `#endregion`.
        case regionStart(String)
        case regionEnd
    }

    /// The tag `line` holds, if any.
    func tag(in line: String) -> Tag? {
        let text = line.trimmingCharacters(in: .whitespaces)
        if let region = Self.region(in: text) { return region }
        for opener in openers where text.lowercased().hasPrefix(opener) {
            var body = Substring(text.dropFirst(opener.count)).drop { $0 == " " || $0 == "\t" }
            for closer in ["-->", "*)", "*/"] where body.hasSuffix(closer) { body = body.dropLast(closer.count) }
            body = Substring(body.trimmingCharacters(in: .whitespaces))
            guard let match = body.wholeMatch(of: snippetTagRegex) else { continue }
            let name = String(match.output.name)
            return match.output.slash.isEmpty ? .start(name) : .end(name)
        }
        return nil
    }

    private static func region(in text: String) -> Tag? {
        if let match = text.wholeMatch(of: regionStartRegex) {
            return .regionStart(String(match.output.name).trimmingCharacters(in: CharacterSet(charactersIn: "\" ")))
        }
        return text.wholeMatch(of: regionEndRegex) != nil ? .regionEnd : nil
    }

    private static let families: [(languages: Set<String>, openers: [String])] = [
        (["csharp", "cs", "c#", "java", "javascript", "js", "typescript", "ts", "cpp", "c++", "c", "go", "swift", "kotlin",
          "rust", "php", "scala", "dart", "objc", "objective-c", "m", "h", "jsx", "tsx", "json", "json5"], ["//"]),
        (["python", "py", "powershell", "ps", "ps1", "azurepowershell", "azurepowershell-interactive", "bash", "sh", "shell",
          "azurecli", "azurecli-interactive", "console", "ruby", "rb", "perl", "pl", "r", "yaml", "yml", "dockerfile", "makefile"], ["#"]),
        (["xml", "html", "htm", "xaml", "cshtml", "razor", "aspx", "config", "csproj", "vbproj", "markdown", "md"], ["<!--"]),
        (["sql", "tsql", "kusto", "lua", "haskell"], ["--"]),
        (["vb", "vbnet", "visualbasic"], ["'", "rem "]),
        (["batch", "bat", "cmd"], ["rem ", "::"]),
        (["fsharp", "fs"], ["//", "(*"]),
    ]
    private static let allOpeners = ["//", "#", "<!--", "--", "'", "rem ", "::", "(*"]
}

// Regexes built once: a regex literal in a function body is parsed on every call.
// DocFX's tag names: word characters, dots and dashes (`// <param name="x">` is no tag).
nonisolated(unsafe) private let snippetTagRegex = /<\s*(?<slash>\/?)\s*(?<name>[\w.\-]+)\s*>/
nonisolated(unsafe) private let regionStartRegex = /#(?:pragma\s+)?region\s+(?<name>.+)/.ignoresCase()
nonisolated(unsafe) private let regionEndRegex = /#(?:pragma\s+)?end\s?region\b.*/.ignoresCase()
