import CommonMark
import StepwiseDiagnostics

extension FragmentExtractor {
    /// Every link this file writes, in document order, with its place in the original file. DocFX
    /// directives that read as links (`[!INCLUDE [name](path)]`, `[!code-csharp[name](path)]`) and
    /// tab headings (`# [C#](#tab/csharp)`) are not links.
    func links() -> [LinkReference] {
        var found: [LinkReference] = []
        var stack: [MarkdownNode] = [document.tree]
        while let node = stack.popLast() {
            var previous: MarkdownNode?
            for child in node.children {
                if case .link(let destination, _) = child.kind, let reference = link(child, destination: destination, after: previous) {
                    found.append(reference)
                }
                previous = child
            }
            stack += node.children.reversed()
        }
        return found
    }

    private func link(_ node: MarkdownNode, destination: String, after previous: MarkdownNode?) -> LinkReference? {
        let trimmed = destination.trimmingSpaces
        guard let range = node.range, !trimmed.isEmpty, !trimmed.lowercased().hasPrefix("#tab/") else { return nil }
        if let previous, previous.kind == .text, previous.literal.utf8.contains(UInt8(ascii: "[")),
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
