public import TutorialModel

/// Compares a translated code sample with its source and classifies the difference.
public struct SampleComparer: Sendable {
    /// Applied to a translation's comment before it is kept in a proposed repair.
    public var commentFixer: @Sendable (String) -> String

    public init(commentFixer: @escaping @Sendable (String) -> String = { $0 }) {
        self.commentFixer = commentFixer
    }

    public func compare(source: CodeSample, translation: CodeSample) -> SampleVerdict {
        if source.text == translation.text, translation.damage == nil || translation.damage?.kind == source.damage?.kind {
            // The common case across locales: nothing to tokenize.
            return SampleVerdict(classification: .identical, changes: [], changedComments: 0, damage: nil, codeMatchesSource: true, repair: nil)
        }
        let tokenizer = CodeTokenizer(language: source.language)
        let sourceTokens = tokenizer.tokens(source.text), translationTokens = tokenizer.tokens(translation.text)
        let sourceCode = sourceTokens.filter(\.isCode), translationCode = translationTokens.filter(\.isCode)
        let codeDiff = TokenDiff(source: sourceCode.map(\.comparable), target: translationCode.map(\.comparable))
        let changes = codeDiff.hunks.map {
            change(for: $0, source: (sourceCode, source), translation: (translationCode, translation))
        }
        let commentCount = changedCommentCount(sourceTokens, translationTokens)
        let classification = classify(source, translation, codeDiff: codeDiff, changedComments: commentCount)
        var repair: String?
        if classification != .identical {
            repair = RepairProposal(commentFixer: commentFixer)
                .text(source: source.text, sourceTokens: sourceTokens, translationTokens: translationTokens, codeDiff: codeDiff)
        }
        return SampleVerdict(
            classification: classification, changes: changes, changedComments: commentCount,
            damage: classification == .damaged ? translation.damage : nil,
            codeMatchesSource: codeDiff.isEmpty, repair: repair)
    }

    private func classify(_ source: CodeSample, _ translation: CodeSample, codeDiff: TokenDiff, changedComments: Int)
        -> SampleClassification
    {
        if let damage = translation.damage, damage.kind != .escapeChanged, source.damage?.kind != damage.kind {
            return .damaged  // damage the source shares is inherited, not the translation's own
        }
        if !codeDiff.isEmpty { return .drift }
        if changedComments > 0 { return .comments }
        return Self.layout(source.text) == Self.layout(translation.text) ? .identical : .whitespace
    }

    private func changedCommentCount(_ source: [CodeToken], _ translation: [CodeToken]) -> Int {
        let sourceComments = source.filter { !$0.isCode }.map(\.comparable)
        let translationComments = translation.filter { !$0.isCode }.map(\.comparable)
        return TokenDiff(source: sourceComments, target: translationComments).hunks
            .reduce(0) { $0 + max($1.source.count, $1.target.count) }
    }

    private func change(
        for hunk: TokenDiff.Hunk, source: ([CodeToken], CodeSample), translation: ([CodeToken], CodeSample)
    ) -> TokenChange {
        TokenChange(
            source: TokenExcerpt(text: source.1.text).excerpt(source.0, hunk.source),
            translation: TokenExcerpt(text: translation.1.text).excerpt(translation.0, hunk.target),
            sourceLine: line(of: hunk.source, in: source.0, sample: source.1),
            translationLine: line(of: hunk.target, in: translation.0, sample: translation.1))
    }

    /// The file line of a hunk: the line of its first token, or of the token before an insertion.
    private func line(of range: Range<Int>, in tokens: [CodeToken], sample: CodeSample) -> Int {
        let index = range.isEmpty ? max(range.lowerBound - 1, 0) : range.lowerBound
        guard index < tokens.count else { return sample.endLine }
        return min(sample.line + tokens[index].line, sample.endLine)
    }

    /// The text with trailing spaces and surrounding blank lines removed.
    static func layout(_ text: String) -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            var line = line
            while let last = line.last, last.isWhitespace { line.removeLast() }
            return line
        }
        return Array(lines.drop(while: \.isEmpty).reversed().drop(while: \.isEmpty).reversed())
    }
}
