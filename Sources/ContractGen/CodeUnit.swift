public import TutorialModel

/// A tokenized code sample together with the tutorial place it comes from.
public struct CodeUnit: Sendable {
    public var sample: CodeSample
    public var section: String
    public var step: Int?
    public var tokens: [CodeToken]

    public init(sample: CodeSample, section: String, step: Int?, dialect: CodeTokenizer.Dialect) {
        self.sample = sample
        self.section = section
        self.step = step
        self.tokens = CodeTokenizer(dialect: dialect).tokenize(sample.text, firstLine: sample.line)
    }

    /// The first bracket that is never closed, or that closes nothing: the scanners follow brackets
    /// and read only complete code.
    public var unbalancedBracket: CodeToken? {
        let pairs: [String: String] = [")": "(", "}": "{", "]": "["]
        var open: [CodeToken] = []
        for token in tokens where token.kind == .punctuation {
            if ["(", "{", "["].contains(token.text) {
                open.append(token)
            } else if let opening = pairs[token.text] {
                guard open.last?.text == opening else { return token }
                open.removeLast()
            }
        }
        return open.first
    }

    /// The file the sample belongs to, as the step names or implies it.
    public var file: String? { sample.file ?? sample.inferredFile }

    /// The source of a fact found at `line` of this sample.
    public func source(line: Int) -> FactSource {
        FactSource(path: sample.origin.path, line: line, section: section, step: step)
    }

    /// The C# and Objective-C samples of `tutorial`, in document order.
    public static func units(of tutorial: Tutorial) -> [CodeUnit] {
        tutorial.sections.flatMap { section in
            let loose = section.code.map { (sample: $0, step: Int?.none) }
            let stepped = section.steps.flatMap { step in step.code.map { (sample: $0, step: Optional(step.ordinal)) } }
            return (loose + stepped).compactMap { item -> CodeUnit? in
                guard let dialect = dialect(of: item.sample.language) else { return nil }
                return CodeUnit(sample: item.sample, section: section.title, step: item.step, dialect: dialect)
            }
        }
    }

    private static func dialect(of language: String) -> CodeTokenizer.Dialect? {
        switch language {
        case "csharp", "cs", "c#": .csharp
        case "objc", "objective-c", "objectivec": .objc
        default: nil
        }
    }
}
