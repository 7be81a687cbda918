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
        if line.isAllASCII { return parseASCII(line, number: number) }
        return parseCharacters(line, number: number)
    }

    /// `parse` for a line of ASCII, read by bytes: there each character is one byte (CR LF aside,
    /// which is a line break either way), a line break is a byte from LF to CR and whitespace one
    /// of those, a tab or a space. Most definitions are ASCII, and a walk over characters cost
    /// tens of thousands of instructions for a long destination.
    static func parseASCII(_ line: String, number: Int) -> ReferenceDefinition? {
        let bytes = Array(line.utf8)
        var index = 0
        while index < bytes.count, bytes[index] == UInt8(ascii: " "), index < 3 { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        let labelStart = index + 1
        guard let labelEnd = bytes[labelStart...].firstIndex(of: UInt8(ascii: "]")), labelEnd > labelStart else { return nil }
        index = labelEnd + 1
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        guard !bytes[index...].contains(where: { (0x0A...0x0D).contains($0) }) else { return nil }
        func destination(from start: Int) -> ArraySlice<UInt8> {
            bytes[start...].prefix { !$0.isASCIIWhitespace && $0 != UInt8(ascii: ">") }
        }
        var found = destination(from: index)
        if found.isEmpty { return nil }
        if bytes[index] == UInt8(ascii: "<") {
            let bracketed = destination(from: index + 1)
            if !bracketed.isEmpty { found = bracketed }
        }
        return ReferenceDefinition(
            label: String(decoding: bytes[labelStart..<labelEnd], as: UTF8.self), destination: String(decoding: found, as: UTF8.self),
            line: number)
    }

    /// `parse` for any line, character by character.
    static func parseCharacters(_ line: String, number: Int) -> ReferenceDefinition? {
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
