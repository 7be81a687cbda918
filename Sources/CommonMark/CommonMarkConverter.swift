internal import CCmark
import StepwiseDiagnostics

/// Copies a cmark node tree into `MarkdownNode` values. Only this file reads cmark nodes.
enum CommonMarkConverter {
    /// Nesting deeper than this (thousands of `>` or list markers in hostile input) is kept as the
    /// text it holds, so that no walker, here or later, recurses without bound.
    static let maximumDepth = 128

    static func convert(_ root: OpaquePointer, depth: Int = 0) -> MarkdownNode {
        var node = MarkdownNode(kind: kind(of: root), range: range(of: root), literal: literal(of: root))
        guard depth < maximumDepth else {
            node.children = [MarkdownNode(kind: .text, range: node.range, literal: flattenedText(root))]
            return node
        }
        guard let first = cmark_node_first_child(root) else { return node }
        // Counted first: the children's array is allocated once, at its size.
        var count = 0
        var child: OpaquePointer? = first
        while let current = child {
            count += 1
            child = cmark_node_next(current)
        }
        node.children.reserveCapacity(count)
        child = first
        while let current = child {
            node.children.append(convert(current, depth: depth + 1))
            child = cmark_node_next(current)
        }
        return node
    }

    /// The text of every leaf below `root`, in order, read with cmark's own iterator (no recursion).
    private static func flattenedText(_ root: OpaquePointer) -> String {
        guard let iterator = cmark_iter_new(root) else { return "" }
        defer { cmark_iter_free(iterator) }
        var text = ""
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator), node != root, cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER else { continue }
            text += literal(of: node)
        }
        return text
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    private static func literal(of node: OpaquePointer) -> String {
        string(cmark_node_get_literal(node))
    }

    private static func range(of node: OpaquePointer) -> SourceRange? {
        let startLine = Int(cmark_node_get_start_line(node))
        guard startLine > 0 else { return nil }
        let start = SourcePosition(line: startLine, column: max(1, Int(cmark_node_get_start_column(node))))
        let end = SourcePosition(
            line: max(startLine, Int(cmark_node_get_end_line(node))),
            column: max(1, Int(cmark_node_get_end_column(node))))
        return SourceRange(start: start, end: end)
    }

    private static func kind(of node: OpaquePointer) -> MarkdownNode.Kind {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: .document
        case CMARK_NODE_BLOCK_QUOTE: .blockQuote
        case CMARK_NODE_LIST: .list(listInfo(of: node))
        case CMARK_NODE_ITEM: .item
        case CMARK_NODE_CODE_BLOCK: .codeBlock(info: string(cmark_node_get_fence_info(node)))
        case CMARK_NODE_HTML_BLOCK: .htmlBlock
        case CMARK_NODE_CUSTOM_BLOCK: .customBlock
        case CMARK_NODE_PARAGRAPH: .paragraph
        case CMARK_NODE_HEADING: .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_THEMATIC_BREAK: .thematicBreak
        case CMARK_NODE_TEXT: .text
        case CMARK_NODE_SOFTBREAK: .softBreak
        case CMARK_NODE_LINEBREAK: .lineBreak
        case CMARK_NODE_CODE: .code
        case CMARK_NODE_HTML_INLINE: .htmlInline
        case CMARK_NODE_CUSTOM_INLINE: .customInline
        case CMARK_NODE_EMPH: .emphasis
        case CMARK_NODE_STRONG: .strong
        case CMARK_NODE_LINK:
            .link(destination: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case CMARK_NODE_IMAGE:
            .image(destination: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        default: .customBlock
        }
    }

    private static func listInfo(of node: OpaquePointer) -> MarkdownNode.ListInfo {
        MarkdownNode.ListInfo(
            ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
            start: Int(cmark_node_get_list_start(node)),
            tight: cmark_node_get_list_tight(node) != 0)
    }
}
