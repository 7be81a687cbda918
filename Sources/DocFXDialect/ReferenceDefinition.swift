import StepwiseDiagnostics

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

    /// Parses a definition line: up to three spaces, `[label]:`, spaces or tabs, the destination
    /// (optionally in `<…>`), then anything but a line break. Read by hand, to the rules of the
    /// regular expression it replaced (`^ {0,3}\[([^\]]+)\]:[ \t]*<?([^\s>]+)>?.*$`, a profile's
    /// hot spot): characters compared whole, whitespace and line breaks as `Character` defines them.
    static func parse(_ line: String, number: Int) -> ReferenceDefinition? {
        guard line.utf8ByteRange(of: "]:") != nil else { return nil }
        var index = line.startIndex
        var spaces = 0
        while index < line.endIndex, line[index] == " ", spaces < 3 {
            spaces += 1
            index = line.index(after: index)
        }
        guard index < line.endIndex, line[index] == "[" else { return nil }
        let labelStart = line.index(after: index)
        guard let labelEnd = line[labelStart...].firstIndex(of: "]"), labelEnd > labelStart else { return nil }
        index = line.index(after: labelEnd)
        guard index < line.endIndex, line[index] == ":" else { return nil }
        index = line.index(after: index)
        while index < line.endIndex, line[index] == " " || line[index] == "\t" { index = line.index(after: index) }
        // Nothing after the destination's start may break the line (`.*$` up to the end).
        guard !line[index...].contains(where: \.isNewline) else { return nil }
        func destination(from start: String.Index) -> Substring {
            line[start...].prefix { !$0.isWhitespace && $0 != ">" }
        }
        var found = destination(from: index)
        if found.isEmpty { return nil }
        // `<destination>`: the bracket is not part of it, unless nothing else would be.
        if line[index] == "<" {
            let bracketed = destination(from: line.index(after: index))
            if !bracketed.isEmpty { found = bracketed }
        }
        return ReferenceDefinition(label: String(line[labelStart..<labelEnd]), destination: String(found), line: number)
    }
}
