/// Visits a tree of `MarkdownNode`s depth first; return `false` from `visit` to skip a node's children.
public protocol MarkupWalker {
    mutating func visit(_ node: MarkdownNode, depth: Int) -> Bool
}

extension MarkupWalker {
    /// Walks `node` and everything below it in document order.
    public mutating func walk(_ node: MarkdownNode) {
        var stack: [(MarkdownNode, Int)] = [(node, 0)]
        while let (current, depth) = stack.popLast() {
            if visit(current, depth: depth) {
                for child in current.children.reversed() {
                    stack.append((child, depth + 1))
                }
            }
        }
    }
}
