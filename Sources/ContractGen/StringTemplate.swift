/// A string built by concatenating literals and variables, kept as parts.
public struct StringTemplate: Hashable, Sendable, CustomStringConvertible {
    public enum Part: Hashable, Sendable {
        case literal(String)
        case placeholder(String)
    }

    public var parts: [Part]

    public init(parts: [Part]) {
        var merged: [Part] = []
        for part in parts {
            if case .literal(let next) = part, case .literal(let previous)? = merged.last {
                merged[merged.count - 1] = .literal(previous + next)
            } else {
                merged.append(part)
            }
        }
        self.parts = merged
    }

    /// Placeholder names in order.
    public var placeholders: [String] {
        parts.compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
    }

    /// `From <user>: <message>` style text.
    public var description: String {
        parts.map {
            switch $0 {
            case .literal(let text): text
            case .placeholder(let name): "<\(name)>"
            }
        }.joined()
    }

    /// Reads `a + "b" + c` from `range` of `tokens`; nil when any operand is not a literal or a name.
    static func concatenation(_ tokens: [CodeToken], _ range: Range<Int>) -> StringTemplate? {
        let operands = tokens.split(range, separator: "+")
        var parts: [Part] = []
        for operand in operands {
            let pieces = tokens[operand].filter { $0.kind != .comment }
            guard pieces.count == 1 else { return nil }
            switch pieces[0].kind {
            case .string: parts.append(.literal(pieces[0].text))
            case .identifier: parts.append(.placeholder(pieces[0].text))
            default: return nil
            }
        }
        guard parts.contains(where: { if case .literal = $0 { true } else { false } }) else { return nil }
        return StringTemplate(parts: parts)
    }
}
