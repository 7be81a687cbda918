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

/// A reference-style image, `![alt][label]` or `![label]`.
public struct ImageReference: Hashable, Sendable, Codable {
    public var alt: String
    public var label: String
    public var line: Int
    public var column: Int

    public init(alt: String, label: String, line: Int, column: Int) {
        self.alt = alt
        self.label = label
        self.line = line
        self.column = column
    }

    static func scan(_ line: String, number: Int) -> [ImageReference] {
        guard line.contains("![") else { return [] }
        let pattern = imageReferenceRegex
        return line.matches(of: pattern).map { match in
            let alt = String(match.output.alt)
            let label = String(match.output.label)
            return ImageReference(
                alt: alt, label: label.isEmpty ? alt : label, line: number,
                column: line.utf8.distance(from: line.startIndex, to: match.range.lowerBound) + 1)
        }
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let definitionRegex = /^ {0,3}\[(?<label>[^\]]+)\]:[ \t]*<?(?<destination>[^\s>]+)>?.*$/
nonisolated(unsafe) private let imageReferenceRegex = /!\[(?<alt>[^\]]*)\]\[(?<label>[^\]]*)\]/
