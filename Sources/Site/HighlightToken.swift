/// A run of code text with one highlighting class.
public struct HighlightToken: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case plain, keyword, type, string, comment, number, preprocessor, property, tag, attribute
    }

    public var kind: Kind
    public var text: String

    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }
}

extension Array where Element == HighlightToken {
    /// Appends `text`, merging it into the last token when the kind is the same.
    mutating func append(_ kind: HighlightToken.Kind, _ text: String) {
        guard !text.isEmpty else { return }
        if let last = self.last, last.kind == kind {
            self[count - 1].text += text
        } else {
            append(HighlightToken(kind, text))
        }
    }
}
