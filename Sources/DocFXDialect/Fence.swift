/// A code fence (CommonMark): its character and length. One reading of fences for the normalizer
/// and the model: a backtick fence's info string has no backtick (```` ```db.find()``` ```` is code
/// written as a code span, not a fence).
public struct Fence: Sendable {
    public var character: Character
    public var length: Int

    /// The fence `line` opens, if it is an opening fence (up to three spaces in).
    public init?<Line: StringProtocol>(opening line: Line) {
        // Most lines open no fence: past their spaces comes another byte than ` or ~ (the first
        // character past the spaces starts with that byte).
        guard let lead = line.utf8.first(where: { $0 != UInt8(ascii: " ") }), lead == UInt8(ascii: "`") || lead == UInt8(ascii: "~") else {
            return nil
        }
        let trimmed = line.drop { $0 == " " }
        guard Self.indentation(of: trimmed, in: line) < 4, let first = trimmed.first, first == "`" || first == "~" else { return nil }
        let run = trimmed.prefix { $0 == first }
        guard run.count >= 3 else { return nil }
        if first == "`", Self.mayHoldBacktick(trimmed.dropFirst(run.count)), trimmed.dropFirst(run.count).contains("`") { return nil }
        character = first
        length = run.count
    }

    /// Whether `line` closes this fence.
    public func isClosed<Line: StringProtocol>(by line: Line) -> Bool {
        let trimmed = line.drop { $0 == " " }
        guard Self.indentation(of: trimmed, in: line) < 4 else { return false }
        let run = trimmed.prefix { $0 == character }
        return run.count >= length && trimmed.dropFirst(run.count).allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// The spaces before `trimmed` in `line`, counted over them only (`line.count` walks the whole
    /// line, and every line of every document is asked whether it opens a fence).
    private static func indentation<Line: StringProtocol>(of trimmed: Line.SubSequence, in line: Line) -> Int {
        line.distance(from: line.startIndex, to: trimmed.startIndex)
    }

    /// False when `info` has no backtick by any reading: ASCII text without one. (Foundation's
    /// `contains` compares canonically equivalent text, in which a non-ASCII character may be one.)
    private static func mayHoldBacktick<Info: StringProtocol>(_ info: Info) -> Bool {
        info.utf8.contains { $0 == UInt8(ascii: "`") || $0 >= 0x80 }
    }
}
