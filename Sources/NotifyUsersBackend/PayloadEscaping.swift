public import NotifyUsersContract

/// Deviation: the tutorial concatenates the user and message into XML and JSON as they are; values are
/// escaped for the payload's format so quotes, backslashes, `<`, `&` and newlines cannot break it.
public enum PayloadEscaping {
    public static func escaper(for format: PayloadTemplate.Format) -> @Sendable (String) -> String {
        switch format {
        case .json: json
        case .xml: xml
        case .text: { $0 }
        }
    }

    /// The inside of a JSON string literal.
    @Sendable public static func json(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// XML character data or attribute text.
    @Sendable public static func xml(_ value: String) -> String {
        var result = ""
        for char in value {
            switch char {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(char)
            }
        }
        return result
    }
}
