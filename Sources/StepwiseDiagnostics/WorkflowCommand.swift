/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`, what both the
/// `check` report (`--format github`) and the build's diagnostics print for the runner to annotate.
///
/// Escaped as the runner reads a command, by code unit: `%`, CR and LF everywhere, and also `:` and
/// `,` in a property. A character-wise replacement (`replacingOccurrences`) left a line feed or a
/// comma followed by a combining mark unescaped — one character to Swift, a new line or another
/// property to the runner — and cost a corpus's report four CPU seconds.
public enum WorkflowCommand {
    /// The annotation of one finding or diagnostic, without its line feed; the file, line and column
    /// only with a `path`.
    public static func annotation(severity: Severity, path: String?, line: Int, column: Int, title: String, message: String) -> String {
        let command = switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
        let place = path.map { "file=\(escapedProperty($0)),line=\(line),col=\(column)," } ?? ""
        return "::\(command) \(place)title=\(escapedProperty(title))::\(escapedData(message))"
    }

    /// `text` as a command's message: `%`, CR and LF escaped.
    public static func escapedData(_ text: String) -> String {
        escaped(text, inProperty: false)
    }

    /// `text` as a property's value: also `:` and `,`.
    public static func escapedProperty(_ text: String) -> String {
        escaped(text, inProperty: true)
    }

    private static func escaped(_ text: String, inProperty: Bool) -> String {
        func escape(_ byte: UInt8) -> StaticString? {
            switch byte {
            case UInt8(ascii: "%"): "%25"
            case UInt8(ascii: "\r"): "%0D"
            case UInt8(ascii: "\n"): "%0A"
            case UInt8(ascii: ":") where inProperty: "%3A"
            case UInt8(ascii: ",") where inProperty: "%2C"
            default: nil
            }
        }
        // Most text has nothing to escape: it is itself.
        guard text.utf8.contains(where: { escape($0) != nil }) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if let escaped = escape(byte) {
                bytes.append(contentsOf: UnsafeBufferPointer(start: escaped.utf8Start, count: escaped.utf8CodeUnitCount))
            } else {
                bytes.append(byte)
            }
        }
        // ASCII bytes replaced by ASCII bytes: still the text's valid UTF-8.
        return String(decoding: bytes, as: UTF8.self)
    }
}
