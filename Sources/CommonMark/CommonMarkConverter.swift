internal import CCmark
import StepwiseDiagnostics

/// Copies a cmark node tree into `MarkdownNode` values. Only this file reads cmark nodes.
enum CommonMarkConverter {
    static func convert(_ root: OpaquePointer) -> MarkdownNode {
        var node = MarkdownNode(kind: kind(of: root), range: range(of: root), literal: literal(of: root))
        var child = cmark_node_first_child(root)
        while let current = child {
            node.children.append(convert(current))
            child = cmark_node_next(current)
        }
        return node
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
