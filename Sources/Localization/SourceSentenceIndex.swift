/// The sentences of the current source file, for looking up a translation's embedded source sentence.
struct SourceSentenceIndex {
    struct Sentence {
        var text: String
        var line: Int
        var words: AnchorSet
    }

    private var exact: [String: Int] = [:]
    private var sentences: [Sentence] = []
    private var byWord: [String: [Int]] = [:]

    init(file: CheckedFile) {
        for (offset, line) in file.lines.enumerated() where !file.isFrontMatter(offset + 1) && file.codeLines[offset + 1] == nil {
            let normalized = SentenceText.normalize(line)
            guard !normalized.isEmpty else { continue }
            add(normalized, line: offset + 1)
            for sentence in SentenceText.sentences(normalized) where sentence != normalized { add(sentence, line: offset + 1) }
        }
    }

    private mutating func add(_ text: String, line: Int) {
        guard exact[text] == nil else { return }
        exact[text] = sentences.count
        let words = SentenceText.words(text)
        for word in words.counts.keys { byWord[word, default: []].append(sentences.count) }
        sentences.append(Sentence(text: text, line: line, words: words))
    }

    /// The sentence equal to `text`, if the source still has it.
    func exactMatch(_ text: String) -> Sentence? { exact[text].map { sentences[$0] } }

    /// The most similar sentence sharing words with `text`, with its similarity.
    func closest(_ text: String) -> (sentence: Sentence, similarity: Double)? {
        let words = SentenceText.words(text)
        let candidates = Set(words.counts.keys.flatMap { byWord[$0] ?? [] })
        return candidates.sorted().map { (sentences[$0], sentences[$0].words.similarity(to: words)) }
            .max { $0.1 < $1.1 }
    }
}
