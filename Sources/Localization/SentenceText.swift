/// Prose reduced to what a sentence says: Markdown and HTML markup, list and heading markers,
/// emphasis and surplus whitespace removed, lowercased.
enum SentenceText {
    static func normalize(_ text: some StringProtocol) -> String {
        var result = String(text)
        // Each pattern runs only where its opening character occurs: most lines have no markup.
        if result.contains("<") { result.replace(htmlTagRegex, with: "") }
        if result.contains("[") {
            result.replace(imageRegex, with: "")
            result.replace(linkRegex) { String($0.output.1) }
        }
        result.replace(blockMarkersRegex, with: "")
        result.removeAll { $0 == "*" || $0 == "`" }
        return result.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }

    /// Splits prose into sentences at `.`, `!` or `?` followed by a space.
    static func sentences(_ text: String) -> [String] {
        var sentences: [String] = [], current = ""
        var previous: Character?
        for character in text {
            if character == " ", let end = previous, ".!?".contains(end) {
                sentences.append(current)
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        sentences.append(current)
        return sentences.map { $0.trimmingCharacters(in: " ") }.filter { !$0.isEmpty }
    }

    /// True for prose a translator should have translated: four or more words and no code symbols
    /// (names like "iOS" and code stay as they are in every language).
    static func isTranslatable(_ text: String) -> Bool {
        let words = text.split(whereSeparator: \.isWhitespace).filter { $0.count > 1 && $0.allSatisfy(\.isLetter) }
        return words.count >= 4 && !text.contains(where: { ";{}=<>[]".contains($0) })
    }

    /// The words of a normalized sentence, for fuzzy matching.
    static func words(_ normalized: String) -> AnchorSet {
        AnchorSet(normalized.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
    }
}

extension String {
    func trimmingCharacters(in set: Character) -> String {
        String(drop(while: { $0 == set }).reversed().drop(while: { $0 == set }).reversed())
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let htmlTagRegex = /<[^>]*>/
nonisolated(unsafe) private let imageRegex = /!\[[^\]]*\](\([^)]*\)|\[[^\]]*\])?/
nonisolated(unsafe) private let linkRegex = /\[([^\]]*)\](\([^)]*\)|\[[^\]]*\])/
nonisolated(unsafe) private let blockMarkersRegex = /^\s*(>\s*)*(#+\s*|\d+\.\s+|[*+-]\s+)?(\[!?[A-Z.]+\]\s*)?/
