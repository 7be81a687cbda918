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

/// A rule with its pattern compiled (ICU: the rules run on every line of every document, and
/// Swift's `Regex` engine was most of the check's time on a real repository).
struct CompiledRule: @unchecked Sendable {
    var rule: CorruptionRule
    // NSRegularExpression is immutable and safe to share between threads.
    private var regex: NSRegularExpression
    private var required: String?

    init(_ rule: CorruptionRule) throws {
        self.rule = rule
        regex = try NSRegularExpression(pattern: rule.pattern, options: [.useUnicodeWordBoundaries])  // `\b` as Swift's Regex reads it: “d’hello” is one word
        required = rule.requires?.lowercased()
    }

    /// Every corrupt match in `text`: the matched range and its fix. `lowercased` is the text
    /// lowercased, when the caller has it (several rules test the same text).
    func matches(in text: Substring, lowercased: String? = nil) -> [(range: Range<String.Index>, fix: String)] {
        if let required, !(lowercased ?? text.lowercased()).contains(required) { return [] }
        let string = String(text)
        return regex.matches(in: string, range: NSRange(location: 0, length: string.utf16.count)).compactMap { match in
            guard let found = Range(match.range, in: string) else { return nil }
            let range = text.index(at: found, of: string)
            let rest = text[range.lowerBound...].lowercased()
            let word = String(text[range]).lowercased()
            // "tools.ietf.org", "tool.md": the word before a dot is what an exception names.
            let stem = String(word.prefix { $0.isLetter })
            if rule.exceptions.contains(where: { word == $0 || stem == $0 || ($0.contains(where: { !$0.isLetter }) && rest.hasPrefix($0)) }) {
                return nil
            }
            return (range, fix(for: match, in: string))
        }
    }

    private func fix(for match: NSTextCheckingResult, in string: String) -> String {
        var fix = rule.replacement
        if match.numberOfRanges > 1, let group = Range(match.range(at: 1), in: string) {
            fix = fix.replacingOccurrences(of: "$1", with: string[group])
        }
        if rule.preserveCase == true, let whole = Range(match.range, in: string), let first = string[whole].first, first.isUppercase {
            fix = fix.prefix(1).uppercased() + fix.dropFirst()
        }
        return fix
    }
}

extension Substring {
    /// The range of this substring matching `range` of `copy`, a copy of it as a String.
    fileprivate func index(at range: Range<String.Index>, of copy: String) -> Range<String.Index> {
        let lower = utf8.index(startIndex, offsetBy: copy.utf8.distance(from: copy.startIndex, to: range.lowerBound))
        let upper = utf8.index(lower, offsetBy: copy.utf8.distance(from: range.lowerBound, to: range.upperBound))
        return lower..<upper
    }
}
