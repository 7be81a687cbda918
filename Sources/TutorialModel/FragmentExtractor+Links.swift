import CommonMark
import StepwiseDiagnostics

extension FragmentExtractor {
    /// Every link this file writes, in document order, with its place in the original file. DocFX
    /// directives that read as links (`[!INCLUDE [name](path)]`, `[!code-csharp[name](path)]`) and
    /// tab headings (`# [C#](#tab/csharp)`) are not links.
    func links() -> [LinkReference] {
        var found: [LinkReference] = []
        links(below: document.tree, into: &found)
        return found
    }

    /// The links among `node`'s children, then those below each child in turn. The nodes are read in
    /// place, never copied (a copy of a node retains each of its parts); the tree's depth is bounded
    /// (`CommonMarkConverter.maximumDepth`).
    private func links(below node: MarkdownNode, into found: inout [LinkReference]) {
        node.children.withUnsafeBufferPointer { children in
            for index in children.indices {
                if case .link(let destination, _) = children[index].kind,
                    let reference = link(children[index], destination: destination, after: index > 0 ? children[index - 1] : nil)
                {
                    found.append(reference)
                }
            }
            for index in children.indices { links(below: children[index], into: &found) }
        }
    }

    private func link(_ node: MarkdownNode, destination: String, after previous: MarkdownNode?) -> LinkReference? {
        let trimmed = destination.trimmingSpaces
        guard let range = node.range, !trimmed.isEmpty, !trimmed.lowercased().hasPrefix("#tab/") else { return nil }
        if let previous, previous.kind == .text, previous.literal.containsByte(UInt8(ascii: "[")),
            previous.literal.firstMatch(of: directiveOpeningRegex) != nil
        {
            return nil
        }
        let position = document.normalized.lineMap.original(range.start)
        return LinkReference(destination: trimmed, origin: origin(position.line), column: position.column)
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
/// The text a DocFX directive opens with, right before the link it holds: `[!INCLUDE `, `[!code-csharp`, `[AZURE.INCLUDE `.
nonisolated(unsafe) private let directiveOpeningRegex = /\[(?:!|AZURE\.|WACOM\.)[A-Za-z][A-Za-z0-9_\-]*\s*$/.ignoresCase()
