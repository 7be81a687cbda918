extension MarkdownNode {
    /// The plain text of the node's inline content, as a reader sees it (breaks become spaces).
    public var plainText: String {
        var result = ""
        appendPlainText(to: &result)
        return result
    }

    private func appendPlainText(to result: inout String) {
        switch kind {
        case .text, .code, .htmlInline:
            result += literal
        case .softBreak, .lineBreak:
            result += " "
        case .codeBlock, .htmlBlock:
            result += literal
        default:
            for child in children {
                child.appendPlainText(to: &result)
            }
        }
    }

    /// All nodes below this one (not itself), depth first, in document order.
    public var descendants: [MarkdownNode] {
        var collector = NodeCollector()
        collector.walk(self)
        return Array(collector.nodes.dropFirst())
    }
}

/// Collects every node it visits.
private struct NodeCollector: MarkupWalker {
    var nodes: [MarkdownNode] = []

    mutating func visit(_ node: MarkdownNode, depth: Int) -> Bool {
        nodes.append(node)
        return true
    }
}
