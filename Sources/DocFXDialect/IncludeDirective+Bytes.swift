/// Include directives read by their bytes: a Swift `Regex` match of the directive patterns cost
/// microseconds on each of a repository's include lines (a percent of `extract`).
///
/// A line of ASCII without line breaks is read exactly as the patterns read its characters (there
/// each byte is a character, and `\s` is an ASCII blank). A path holding a quote is left to the
/// patterns: there a title may start inside what reads as the path, and the patterns backtrack
/// between the two readings. So is every other line.
extension IncludeDirective {
    /// What the bytes tell: the directive or that there is none, or that the patterns must decide.
    enum ByteReading {
        case decided(IncludeDirective?)
        case undecided
    }

    /// `parse` by the bytes of `line` (see the extension's comment).
    static func parseByBytes(_ line: String, number: Int) -> ByteReading {
        var line = line
        return line.withUTF8 { bytes -> ByteReading in
            guard bytes.allSatisfy({ $0 < 0x80 && !(0x0A...0x0D).contains($0) }) else { return .undecided }
            func directive(_ core: Core, column: Int) -> IncludeDirective {
                func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
                return IncludeDirective(
                    syntax: text(core.syntax).uppercased(), name: text(core.name).trimmingSpaces, path: text(core.path), line: number, column: column)
            }
            // The whole line: a lead (blanks and `>`, then a list marker and blanks), the directive, anything after it.
            let lead = leadEnd(bytes)
            switch Self.core(bytes, at: lead) {
            case .match(let core): return .decided(directive(core, column: lead + 1))
            case .undecided: return .undecided
            case .none: break
            }
            // A directive after text: the first one on the line, unless a code span holds it.
            var ticks = 0
            for start in bytes.indices {
                if bytes[start] == UInt8(ascii: "`") { ticks += 1 }
                guard bytes[start] == UInt8(ascii: "[") else { continue }
                switch Self.core(bytes, at: start) {
                case .match(let core): return .decided(ticks.isMultiple(of: 2) ? directive(core, column: start + 1) : nil)
                case .undecided: return .undecided
                case .none: continue
                }
            }
            return .decided(nil)
        }
    }

    /// The offsets of a directive's syntax, name and path.
    struct Core {
        var syntax: Range<Int>
        var name: Range<Int>
        var path: Range<Int>
    }

    enum CoreReading {
        case match(Core)
        case none
        case undecided
    }

    /// Where the lead of a line ends: `[ \t>]*`, then `\d{1,9}[.)]` or `[-*+]` followed by `[ \t]+`
    /// when they are there.
    static func leadEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == UInt8(ascii: ">") { index += 1 }
        var marker = index
        while marker < bytes.count, marker - index < 10, bytes[marker].isASCIIDigit { marker += 1 }
        if marker > index, marker - index <= 9, marker < bytes.count, bytes[marker] == UInt8(ascii: ".") || bytes[marker] == UInt8(ascii: ")") {
            marker += 1
        } else if marker == index, marker < bytes.count, bytes[marker] == UInt8(ascii: "-") || bytes[marker] == UInt8(ascii: "*") || bytes[marker] == UInt8(ascii: "+") {
            marker += 1
        } else {
            return index
        }
        var blanks = marker
        while blanks < bytes.count, bytes[blanks] == 0x20 || bytes[blanks] == 0x09 { blanks += 1 }
        return blanks > marker ? blanks : index
    }

    /// The directive `[!INCLUDE [name](path "title")]` (or `[AZURE.INCLUDE …`, any case) starting at
    /// `start`, read as the patterns read it.
    static func core(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> CoreReading {
        let count = bytes.count
        func skipBlanks(_ index: inout Int) { while index < count, bytes[index].isASCIIWhitespace { index += 1 } }
        func expect(_ byte: UInt8, _ index: inout Int) -> Bool {
            guard index < count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        var index = start
        guard expect(UInt8(ascii: "["), &index) else { return .none }
        // `!INCLUDE` or letters, `.` and `INCLUDE`.
        let syntaxStart = index
        if !expect(UInt8(ascii: "!"), &index) {
            let letters = index
            while index < count, bytes[index].isASCIILetter { index += 1 }
            guard index > letters, expect(UInt8(ascii: "."), &index) else { return .none }
        }
        for expected in "include".utf8 {
            guard index < count, bytes[index] | 0x20 == expected, bytes[index].isASCIILetter else { return .none }
            index += 1
        }
        let syntax = syntaxStart..<index
        skipBlanks(&index)
        guard expect(UInt8(ascii: "["), &index) else { return .none }
        let nameStart = index
        while index < count, bytes[index] != UInt8(ascii: "]") { index += 1 }
        let name = nameStart..<index
        guard expect(UInt8(ascii: "]"), &index), expect(UInt8(ascii: "("), &index) else { return .none }
        let pathStart = index
        while index < count, bytes[index] != UInt8(ascii: ")"), !bytes[index].isASCIIWhitespace {
            if bytes[index] == UInt8(ascii: "\"") { return .undecided }
            index += 1
        }
        let path = pathStart..<index
        skipBlanks(&index)
        if expect(UInt8(ascii: "\""), &index) {
            while index < count, bytes[index] != UInt8(ascii: "\"") { index += 1 }
            guard expect(UInt8(ascii: "\""), &index) else { return .none }
        }
        guard expect(UInt8(ascii: ")"), &index) else { return .none }
        skipBlanks(&index)
        guard expect(UInt8(ascii: "]"), &index) else { return .none }
        return .match(Core(syntax: syntax, name: name, path: path))
    }
}
