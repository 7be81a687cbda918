/// Visits a tree of `MarkdownNode`s depth first; return `false` from `visit` to skip a node's children.
public protocol MarkupWalker {
    mutating func visit(_ node: MarkdownNode, depth: Int) -> Bool
}

extension MarkupWalker {
    /// Walks `node` and everything below it in document order.
    ///
    /// Inlinable, so that each walker gets its own specialized walk (through the protocol, every
    /// visit was a witness-table call and every node a generic copy). Recursive: a converted tree is
    /// at most `CommonMarkConverter.maximumDepth` levels deep, and each child is visited where it
    /// is, not copied onto a stack.
    @inlinable
    public mutating func walk(_ node: MarkdownNode) {
        walk(node, depth: 0)
    }

    @inlinable
    mutating func walk(_ node: MarkdownNode, depth: Int) {
        guard visit(node, depth: depth) else { return }
        for index in node.children.indices {
            walk(node.children[index], depth: depth + 1)
        }
    }
}
