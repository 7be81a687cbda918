import DocFXDialect

/// Sentence-level staleness of a bilingual file: each embedded source sentence looked up in the
/// current source text (after undoing known corruption; fuzzy, so a one-word change is "changed").
public struct SentenceStaleness: Sendable {
    /// Counts of a file's embedded source sentences.
    public struct Counts: Hashable, Sendable, Codable {
        public var sentences = 0
        public var current = 0
        public var changed = 0
        public var removed = 0
        public var untranslated = 0

        public init(sentences: Int = 0, current: Int = 0, changed: Int = 0, removed: Int = 0, untranslated: Int = 0) {
            self.sentences = sentences
            self.current = current
            self.changed = changed
            self.removed = removed
            self.untranslated = untranslated
        }
    }

    /// The similarity from which a sentence counts as changed rather than removed.
    public static let changedThreshold = 0.5

    var linter: CorruptionLinter

    public init(linter: CorruptionLinter) {
        self.linter = linter
    }

    public func check(_ file: CheckedFile, against source: CheckedFile) -> (counts: Counts, findings: [Finding]) {
        check(file, against: source, index: SourceSentenceIndex(file: source))
    }

    func check(_ file: CheckedFile, against source: CheckedFile, index: SourceSentenceIndex) -> (counts: Counts, findings: [Finding]) {
        var counts = Counts()
        var findings: [Finding] = []
        for span in file.spans where file.codeLines[span.line] == nil {
            let embedded = SentenceText.normalize(linter.fixed(span.source))
            guard !embedded.isEmpty else { continue }
            counts.sentences += 1
            if SentenceText.normalize(span.translation) == SentenceText.normalize(span.source), SentenceText.isTranslatable(span.source) {
                counts.untranslated += 1
                findings.append(finding(.sentenceUntranslated, span, file, "sentence left untranslated: “\(span.source)”", nil))
            }
            if index.exactMatch(embedded) != nil {
                counts.current += 1
            } else if let (closest, similarity) = index.closest(embedded), similarity >= Self.changedThreshold {
                counts.changed += 1
                let pointer = Finding.SourcePointer(path: source.path, line: closest.line)
                findings.append(finding(.sentenceStale, span, file, "source sentence changed since translation: was “\(span.source)”, the source now reads “\(closest.text)”", pointer))
            } else {
                counts.removed += 1
                findings.append(finding(.sentenceStale, span, file, "source sentence no longer in the source: “\(span.source)”", Finding.SourcePointer(path: source.path, line: 1)))
            }
        }
        return (counts, findings)
    }

    private func finding(_ rule: FindingRule, _ span: BilingualSpan, _ file: CheckedFile, _ message: String,
                         _ source: Finding.SourcePointer?) -> Finding {
        Finding(rule: rule, path: file.path, line: span.line, column: span.column, message: message, locale: file.locale, source: source)
    }
}
