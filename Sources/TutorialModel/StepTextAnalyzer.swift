import StepwiseDiagnostics

/// Reads a step's instruction: which file the code goes into and what to do with it.
struct StepTextAnalyzer {
    private static let gluedPrefixes = StepVocabulary.bundled.gluedPrefixes

    private static let fileName = FastRegex(
        #"(?:^|[^\w/.\-])(/?(?:[\w\-]+/)*(?:[A-Za-z_][\w\-]*(?:\.[A-Za-z_][\w\-]*)*\.(?:cs|m|h|mm|swift|json|xml|config|cshtml|storyboard|plist|js|ts|py|java|kt|gradle|sh|yml|yaml|csproj|html|css|xaml|c|cpp|txt|conf|cfg|ini|ps1|sql|go|rb|php|toml|properties)|Dockerfile|Makefile))(?![\w\-])"#)

    /// The first file the text names, as a bare file name with glued prefixes removed.
    func targetFile(in text: String) -> String? {
        guard text.contains("."), let name = Self.fileName.firstMatch(in: text)?[1] else { return nil }
        return removingGluedPrefix(String(name.split(separator: "/").last ?? name))
    }

    /// Every file name the text mentions, in order.
    func fileNames(in text: String) -> [String] {
        guard text.contains(".") else { return [] }
        return Self.fileName.allMatches(in: text).compactMap { groups in
            groups[1].map { name in removingGluedPrefix(String(name.split(separator: "/").last ?? name)) }
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
    private static let actionPatterns: [(action: String, literals: [String], pattern: FastRegex)] =
        StepVocabulary.bundled.actions.map { entry in
            let literals = entry.words.map { String($0.prefix { !".*+?()[]{}|\\^$".contains($0) }) }
            return (entry.action, literals, FastRegex("(?:^|[^\\p{L}])(?:" + entry.words.joined(separator: "|") + ")"))
        }

    /// The action the text asks for, by the vocabulary's priority.
    func action(in text: String) -> String? {
        let lowered = text.lowercased()
        return Self.actionPatterns.first { entry in
            entry.literals.contains { lowered.contains($0) } && entry.pattern.matches(lowered)
        }?.action
    }
}
