/// Reads a step's instruction: which file the code goes into and what to do with it.
struct StepTextAnalyzer {
    private static let gluedPrefixes = StepVocabulary.bundled.gluedPrefixes

    private nonisolated(unsafe) static let fileName =
        /(?:^|[^\w\/.\-])((?:[\w\-]+\/)*[A-Za-z_][\w\-]*(?:\.[A-Za-z_][\w\-]*)*\.(?:cs|m|h|mm|swift|json|xml|config|cshtml|storyboard|plist|js|ts|py|java|kt|gradle|sh|yml|yaml|csproj|html|css|xaml))(?![\w\-])/

    /// The first file the text names, as a bare file name with glued prefixes removed.
    func targetFile(in text: String) -> String? {
        guard let match = text.firstMatch(of: Self.fileName) else { return nil }
        let name = String(match.output.1.split(separator: "/").last ?? match.output.1)
        return removingGluedPrefix(name)
    }

    /// Every file name the text mentions, in order.
    func fileNames(in text: String) -> [String] {
        text.matches(of: Self.fileName).map { match in
            removingGluedPrefix(String(match.output.1.split(separator: "/").last ?? match.output.1))
        }
    }

    private func removingGluedPrefix(_ name: String) -> String {
        for prefix in Self.gluedPrefixes where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if let first = rest.first, first.isUppercase { return String(rest) }
        }
        return name
    }

    /// Each action with one pattern matching any of its words at the start of a word.
    /// Each pattern comes with the literal starts of its words: text containing none of them cannot
    /// match, and skipping the regex there keeps extraction fast.
    private nonisolated(unsafe) static let actionPatterns: [(action: String, literals: [String], pattern: Regex<AnyRegexOutput>)] =
        StepVocabulary.bundled.actions.compactMap { entry in
            let literals = entry.words.map { String($0.prefix { !".*+?()[]{}|\\^$".contains($0) }) }
            return (try? Regex("(?:^|[^\\p{L}])(?:" + entry.words.joined(separator: "|") + ")")).map {
                (entry.action, literals, $0.matchingSemantics(.unicodeScalar))
            }
        }

    /// The action the text asks for, by the vocabulary's priority.
    func action(in text: String) -> String? {
        let lowered = text.lowercased()
        return Self.actionPatterns.first { entry in
            entry.literals.contains { lowered.contains($0) } && lowered.contains(entry.pattern)
        }?.action
    }
}
