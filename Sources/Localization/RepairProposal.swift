/// Builds the proposed repair of a translated sample: the source code, with each of the
/// translation's comments kept where it sits at the same place in the code.
struct RepairProposal {
    var commentFixer: @Sendable (String) -> String

    func text(source: String, sourceTokens: [CodeToken], translationTokens: [CodeToken], codeDiff: TokenDiff) -> String {
        let kept = keptComments(sourceTokens, translationTokens, codeDiff: codeDiff)
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        // Replace from the end so earlier columns stay valid.
        for (comment, replacement) in kept.sorted(by: { ($0.0.line, $0.0.column) > ($1.0.line, $1.0.column) }) {
            let lower = comment.column - 1, upper = lower + comment.text.count
            guard comment.line < lines.count, upper <= lines[comment.line].count else { continue }
            lines[comment.line].replaceSubrange(lower..<upper, with: Array(commentFixer(replacement)))
        }
        return lines.map { String($0) }.joined(separator: "\n")
    }

    /// Pairs single-line source comments with translation comments at the same code position:
    /// the same number of preceding code tokens, counted through the unchanged parts of the code.
    private func keptComments(_ source: [CodeToken], _ translation: [CodeToken], codeDiff: TokenDiff)
        -> [(CodeToken, String)]
    {
        let mapping = CodeIndexMapping(diff: codeDiff)
        var translationComments: [Int: [CodeToken]] = [:]
        var codeIndex = 0
        for token in translation {
            if token.isCode { codeIndex += 1; continue }
            if let sourceIndex = mapping.sourceIndex(forTarget: codeIndex) {
                translationComments[sourceIndex, default: []].append(token)
            }
        }
        var pairs: [(CodeToken, String)] = []
        codeIndex = 0
        var used: [Int: Int] = [:]
        for token in source {
            if token.isCode { codeIndex += 1; continue }
            let candidates = translationComments[codeIndex] ?? []
            let slot = used[codeIndex, default: 0]
            guard slot < candidates.count, !token.text.contains("\n"), !candidates[slot].text.contains("\n") else { continue }
            used[codeIndex] = slot + 1
            if candidates[slot].text != token.text { pairs.append((token, candidates[slot].text)) }
        }
        return pairs
    }
}

/// Maps positions between two code-token sequences through the equal parts of their diff.
struct CodeIndexMapping {
    private var hunks: [TokenDiff.Hunk]

    init(diff: TokenDiff) {
        hunks = diff.hunks
    }

    /// The source position matching target position `index` (a position is a gap between tokens),
    /// or nil when the position lies inside a changed region.
    func sourceIndex(forTarget index: Int) -> Int? {
        var offset = 0
        for hunk in hunks {
            if index <= hunk.target.lowerBound { return index + offset }
            if index < hunk.target.upperBound { return nil }
            offset = hunk.source.upperBound - hunk.target.upperBound
        }
        return index + offset
    }
}
