public import Foundation

/// A regular expression compiled once with ICU (`NSRegularExpression`), for patterns run on every
/// line or sentence of a repository: several times faster than Swift's `Regex`, whose matching
/// engine dominated profiles of large runs. Matching works on UTF-16 offsets; results come back
/// as Swift strings.
public struct FastRegex: @unchecked Sendable {
    // NSRegularExpression is immutable and documented as safe to use from several threads.
    private let expression: NSRegularExpression
    /// Text every match contains (`RequiredLiteral.requirements`: one of each list), and what it
    /// contains in any case where the pattern ignores case (`caseInsensitiveRequirements`): text
    /// without it is not searched.
    private let requirements: [[String]]
    private let foldedRequirements: [[String]]

    /// Compiles `pattern`; a pattern that does not compile is a programming error in a literal.
    public init(_ pattern: String, caseInsensitive: Bool = false) {
        do {
            expression = try NSRegularExpression(pattern: pattern, options: caseInsensitive ? [.caseInsensitive] : [])
        } catch {
            preconditionFailure("invalid pattern \(pattern): \(error)")
        }
        requirements = caseInsensitive ? [] : RequiredLiteral.requirements(in: pattern)
        foldedRequirements = RequiredLiteral.caseInsensitiveRequirements(in: pattern, caseInsensitive: caseInsensitive)
    }

    /// True when the pattern matches somewhere in `text`.
    public func matches(_ text: String) -> Bool {
        mayMatch(text) && expression.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
    }

    /// The groups of the first match (index 0: the whole match), nil for a group that took no part.
    public func firstMatch(in text: String) -> [Substring?]? {
        guard mayMatch(text), let match = expression.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) else { return nil }
        return groups(of: match, in: text)
    }

    /// The groups of every match, in order.
    public func allMatches(in text: String) -> [[Substring?]] {
        guard mayMatch(text) else { return [] }
        return expression.matches(in: text, range: NSRange(location: 0, length: text.utf16.count)).map { groups(of: $0, in: text) }
    }

    private func mayMatch(_ text: String) -> Bool {
        RequiredLiteral.holds(requirements, in: text) && RequiredLiteral.holdsIgnoringCase(foldedRequirements, in: text)
    }

    private func groups(of match: NSTextCheckingResult, in text: String) -> [Substring?] {
        (0..<match.numberOfRanges).map { index in
            Range(match.range(at: index), in: text).map { text[$0] }
        }
    }
}
