public import StepwiseDiagnostics

/// Maps positions in normalized text back to the original file.
///
/// Normalization never adds or removes lines, so line numbers are kept; a rewritten line keeps
/// anchors `(normalized column, original column)` from which every column is mapped back.
public struct LineMap: Hashable, Sendable {
    private var anchors: [Int: [Anchor]] = [:]

    struct Anchor: Hashable, Sendable {
        var normalized: Int
        var original: Int
    }

    public init() {}

    mutating func record(line: Int, anchors lineAnchors: [Anchor]) {
        anchors[line] = lineAnchors
    }

    /// Whether `line` was rewritten.
    public func isRewritten(line: Int) -> Bool { anchors[line] != nil }

    /// The original position of a normalized position.
    public func original(_ position: SourcePosition) -> SourcePosition {
        guard let lineAnchors = anchors[position.line],
            let anchor = lineAnchors.last(where: { $0.normalized <= position.column })
        else { return position }
        return SourcePosition(line: position.line, column: anchor.original + (position.column - anchor.normalized))
    }
}

/// Builds one rewritten line while recording where each piece came from.
struct LineRewriter {
    private(set) var text = ""
    private(set) var anchors: [LineMap.Anchor] = []
    private var column = 1

    /// Appends original bytes that start at original column `originalColumn`.
    mutating func keep(_ piece: Substring, from originalColumn: Int) {
        append(piece, originalColumn: originalColumn)
    }

    /// Appends replacement text that stands for the original text at `originalColumn`.
    mutating func replace(with piece: String, for originalColumn: Int) {
        append(Substring(piece), originalColumn: originalColumn)
    }

    private mutating func append(_ piece: Substring, originalColumn: Int) {
        guard !piece.isEmpty else { return }
        anchors.append(LineMap.Anchor(normalized: column, original: originalColumn))
        text += piece
        column += piece.utf8.count
    }
}
