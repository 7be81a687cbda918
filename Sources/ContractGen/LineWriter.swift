/// Collects lines of text with an indentation level: the only place that knows about indentation.
public struct LineWriter: Sendable {
    private(set) var lines: [String] = []
    private var level = 0
    public var indentUnit = "    "

    public init() {}

    /// Writes one line at the current indentation (empty lines stay empty).
    public mutating func write(_ line: String) {
        lines.append(line.isEmpty ? "" : String(repeating: indentUnit, count: level) + line)
    }

    /// Writes `/// line` for each documentation line.
    public mutating func docs(_ docs: [String]) {
        for line in docs { write(line.isEmpty ? "///" : "/// " + line) }
    }

    /// Writes `header {`, the body one level deeper, then `close`.
    public mutating func block(_ header: String, close: String = "}", _ body: (inout LineWriter) -> Void) {
        write(header + " {")
        indented(body)
        write(close)
    }

    /// Runs `body` one level deeper.
    public mutating func indented(_ body: (inout LineWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }

    /// A blank line, never two in a row and never right after an opening brace.
    public mutating func blankLine() {
        guard let last = lines.last, !last.isEmpty, !last.hasSuffix("{") else { return }
        lines.append("")
    }

    /// The text, one trailing newline.
    public var text: String { lines.joined(separator: "\n") + "\n" }
}
