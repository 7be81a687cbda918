import Foundation

/// A data-driven rule that recognizes one kind of text corruption and proposes its fix.
/// Rules live in `Resources/corruption-rules.json`.
public struct CorruptionRule: Sendable, Decodable {
    /// Where a rule applies.
    public enum Scope: String, Sendable, Decodable {
        case prose, comment, title
    }

    public var id: String
    public var summary: String
    public var explanation: String
    public var pattern: String
    /// The fix: `$1` stands for the first capture group.
    public var replacement: String
    /// Capitalize the fix when the match starts with a capital letter.
    public var preserveCase: Bool?
    /// Matched words (or the start of the text at the match, lowercased) that are not corruption.
    public var exceptions: [String]
    public var scopes: [Scope]
    /// Text (compared case-insensitively) that every match contains: lines without it are skipped.
    public var requires: String?

    /// The bundled rules.
    public static func bundled() throws -> [CorruptionRule] {
        guard let url = Bundle.module.url(forResource: "corruption-rules", withExtension: "json") else {
            throw CocoaError(.fileNoSuchFile)
        }
        struct File: Decodable { var rules: [CorruptionRule] }
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).rules
    }
}

/// A rule with its pattern compiled.
struct CompiledRule: @unchecked Sendable {
    var rule: CorruptionRule
    var regex: Regex<AnyRegexOutput>

    init(_ rule: CorruptionRule) throws {
        self.rule = rule
        regex = try Regex(rule.pattern)
    }

    /// Every corrupt match in `text`: the matched range and its fix.
    func matches(in text: Substring) -> [(range: Range<String.Index>, fix: String)] {
        if let required = rule.requires, text.range(of: required, options: .caseInsensitive) == nil { return [] }
        return text.matches(of: regex).compactMap { match in
            let rest = text[match.range.lowerBound...].lowercased()
            let word = String(text[match.range]).lowercased()
            // "tools.ietf.org", "tool.md": the word before a dot is what an exception names.
            let stem = String(word.prefix { $0.isLetter })
            if rule.exceptions.contains(where: { word == $0 || stem == $0 || ($0.contains(where: { !$0.isLetter }) && rest.hasPrefix($0)) }) {
                return nil
            }
            return (match.range, fix(for: match))
        }
    }

    private func fix(for match: Regex<AnyRegexOutput>.Match) -> String {
        var fix = rule.replacement
        if match.output.count > 1, let group = match.output[1].substring {
            fix = fix.replacingOccurrences(of: "$1", with: group)
        }
        if rule.preserveCase == true, let first = match.output[0].substring?.first, first.isUppercase {
            fix = fix.prefix(1).uppercased() + fix.dropFirst()
        }
        return fix
    }
}
