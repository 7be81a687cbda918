/// A link reference definition, `[label]: destination`.
public struct ReferenceDefinition: Hashable, Sendable, Codable {
    public var label: String
    public var destination: String
    public var line: Int

    public init(label: String, destination: String, line: Int) {
        self.label = label
        self.destination = destination
        self.line = line
    }

    /// Parses a definition line (up to three spaces of indentation).
    static func parse(_ line: String, number: Int) -> ReferenceDefinition? {
        guard line.contains("]:") else { return nil }
        let pattern = definitionRegex
        guard let match = line.wholeMatch(of: pattern) else { return nil }
        return ReferenceDefinition(label: String(match.output.label), destination: String(match.output.destination), line: number)
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let definitionRegex = /^ {0,3}\[(?<label>[^\]]+)\]:[ \t]*<?(?<destination>[^\s>]+)>?.*$/
