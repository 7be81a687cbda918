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
/// Swift's `Regex` engine was most of the check's time on a real repository). A class: the linter
/// goes through the rules for every line, and a reference is cheaper to pass around than its fields.
final class CompiledRule: @unchecked Sendable {
    let rule: CorruptionRule
    // NSRegularExpression is immutable and safe to share between threads.
    private let regex: NSRegularExpression
    private let required: String?
    private let requiredFilter: RequiredTextFilter?

    init(_ rule: CorruptionRule) throws {
        self.rule = rule
        regex = try NSRegularExpression(pattern: rule.pattern, options: [.useUnicodeWordBoundaries])  // `\b` as Swift's Regex reads it: “d’hello” is one word
        required = rule.requires?.lowercased()
        requiredFilter = required.flatMap(RequiredTextFilter.init)
    }

    /// False when the rule certainly matches nothing in `text` (nor in any part of it): the text it
    /// requires is not there, as the byte scan tells (the lowercasing `matches` does then decides).
    func mayMatch(_ text: Substring) -> Bool {
        required == nil || (requiredFilter?.mayContain(text) ?? true)
    }

    /// Every corrupt match in `text`: the matched range and its fix.
    func matches(in text: Substring) -> [(range: Range<String.Index>, fix: String)] {
        // The byte scan rules out nearly every line before the costly lowercasing, which decides.
        if let required {
            guard requiredFilter?.mayContain(text) ?? true, text.fastLowercased().contains(required) else { return [] }
        }
        let string = String(text)
        return regex.matches(in: string, range: NSRange(location: 0, length: string.utf16.count)).compactMap { match in
            guard let found = Range(match.range, in: string) else { return nil }
            let range = text.index(at: found, of: string)
            let word = text[range].fastLowercased()
            // "tools.ietf.org", "tool.md": the word before a dot is what an exception names.
            let stem = String(word.prefix { $0.isLetter })
            // The rest of the line, lower-cased only for an exception that is more than a word.
            var rest: String?
            if rule.exceptions.contains(where: { exception in
                if word == exception || stem == exception { return true }
                guard exception.contains(where: { !$0.isLetter }) else { return false }
                if rest == nil { rest = text[range.lowerBound...].fastLowercased() }
                return rest?.hasPrefix(exception) ?? false
            }) {
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

/// A quick test, over UTF-8 bytes, that text lowercased cannot contain a rule's `requires` text.
///
/// It is exact in one direction: when `mayContain` is false, `text.lowercased().contains(needle)` is
/// false too. `contains` compares whole characters, and no character but the ASCII one itself is
/// canonically equivalent to an ASCII letter or digit, so the lowercased text holds the needle's
/// bytes; lowercasing maps a scalar to ASCII only from ASCII, save İ (U+0130 → “i̇”) and the Kelvin sign
/// (U+212A → “k”), so the text itself holds them up to ASCII case. A needle with `i`, `k` or
/// anything but ASCII letters and digits gets no filter (nil).
struct RequiredTextFilter: Sendable {
    let needle: [UInt8]

    init?(_ needle: String) {
        let bytes = Array(needle.utf8)
        guard !bytes.isEmpty, bytes.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A && $0 != 0x69 && $0 != 0x6B) || ($0 >= 0x30 && $0 <= 0x39) })
        else { return nil }
        self.needle = bytes
    }

    /// False when the text, lowercased, certainly does not contain the needle.
    func mayContain(_ text: Substring) -> Bool {
        text.utf8.containsIgnoringASCIICase(needle)
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
