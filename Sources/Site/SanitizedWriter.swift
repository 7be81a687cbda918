/// Writes sanitized elements, escaping text and attribute values and balancing tags.
struct SanitizedWriter {
    private var html = ""
    private var open: [String] = []

    mutating func text(_ text: String) {
        html += HTMLEscaping.escape(text)
    }

    /// HTML the page made itself (a placeholder), written as it is.
    mutating func trusted(_ fragment: String) {
        html += fragment
    }

    mutating func open(_ name: String, attributes: [(String, String)], void: Bool) {
        html += "<" + name + attributes.map { " \($0.0)=\"\(HTMLEscaping.escape($0.1))\"" }.joined() + ">"
        if !void { open.append(name) }
    }

    mutating func close(_ name: String) {
        guard let position = open.lastIndex(of: name) else { return }
        for element in open[position...].reversed() { html += "</\(element)>" }
        open.removeSubrange(position...)
    }

    mutating func finish() -> String {
        for element in open.reversed() { html += "</\(element)>" }
        open = []
        return html
    }
}
