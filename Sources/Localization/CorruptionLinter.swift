/// Finds text corruption with the data-driven `CorruptionRule`s: in prose, in code comments, in the
/// source-language spans of bilingual files (they are prose on the same lines) and in titles.
public struct CorruptionLinter: Sendable {
    let rules: [CompiledRule]
    /// The rules of prose and of code comments: a prose line or a code line that none of its kind
    /// can match (the text a rule requires is not in it: nearly every line) is not read further.
    private let proseRules: [CompiledRule], commentRules: [CompiledRule]

    public init(rules: [CorruptionRule]) throws {
        self.rules = try rules.map(CompiledRule.init)
        proseRules = self.rules.filter { $0.rule.scopes.contains(.prose) }
        commentRules = self.rules.filter { $0.rule.scopes.contains(.comment) }
    }

    public var ruleDescriptions: [FindingRule] {
        rules.map { FindingRule(id: $0.rule.id, severity: .warning, summary: $0.rule.summary + ".") }
    }

    public func lint(_ file: CheckedFile) -> [Finding] {
        var findings: [Finding] = []
        for (offset, text) in file.lines.enumerated() {
            let line = offset + 1
            // A region is part of its line: a rule that cannot match the line matches none of them.
            if !file.isFrontMatter(line) {
                let candidates = file.codeLines[line] == nil ? proseRules : commentRules
                guard candidates.contains(where: { $0.mayMatch(text[...]) }) else { continue }
            }
            for region in regions(of: text, line: line, in: file) {
                findings += lint(region, line: line, file: file)
            }
        }
        return findings
    }

    /// Applies every rule's fix to `text` (used for proposed repairs and for staleness matching).
    public func fixed(_ text: String, scope: CorruptionRule.Scope = .prose) -> String {
        var result = text
        for rule in rules where rule.rule.scopes.contains(scope) {
            for match in rule.matches(in: result[...]).reversed() { result.replaceSubrange(match.range, with: match.fix) }
        }
        return result
    }

    /// One finding per rule and region, naming every corrupt word and its fix.
    private func lint(_ region: TextRegion, line: Int, file: CheckedFile) -> [Finding] {
        rules.compactMap { rule -> Finding? in
            guard rule.rule.scopes.contains(region.scope) else { return nil }
            let matches = rule.matches(in: region.text)
            guard let first = matches.first else { return nil }
            let words = matches.map { "“\(region.text[$0.range])”" }
            let fixes = matches.map { fixedInContext($0.fix, scope: region.scope) }
            let suggestion = fixes.allSatisfy(\.isEmpty) ? "remove it" : "did you mean " + fixes.map { "“\($0)”" }.joined(separator: ", ") + "?"
            let place = region.scope == .comment ? " in a code comment" : region.scope == .title ? " in the title" : ""
            let column = region.column + region.text.distance(from: region.text.startIndex, to: first.range.lowerBound)
            return Finding(
                rule: FindingRule(id: rule.rule.id, severity: .warning, summary: rule.rule.summary),
                path: file.path, line: line, column: column,
                message: "\(words.joined(separator: ", "))\(place): \(rule.rule.summary); \(suggestion)",
                locale: file.fileLocale, fix: fixed(String(region.text), scope: region.scope))
        }
    }

    /// The fix of one match with the other rules applied as if a word followed it (so "toohello"
    /// reads "to the", as it would in its sentence).
    private func fixedInContext(_ fix: String, scope: CorruptionRule.Scope) -> String {
        let probe = fixed(fix + " x", scope: scope)
        return probe.hasSuffix(" x") ? String(probe.dropLast(2)) : fixed(fix, scope: scope)
    }

    private func regions(of text: String, line: Int, in file: CheckedFile) -> [TextRegion] {
        if file.isFrontMatter(line) { return TextRegion.metadataValues(in: text) }
        if let language = file.codeLines[line] { return TextRegion.comments(in: text, language: language) }
        return [TextRegion(text: Substring(text), column: 1, scope: .prose)]
    }
}
