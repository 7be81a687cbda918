public import StepwiseDiagnostics
import Foundation
import Yams

/// Reads the metadata header at the top of a document.
public enum MetadataReader {
    /// Reads YAML front matter or a `<properties>`/`<tags>` header from `file`.
    public static func read(_ file: SourceFile) throws(StepwiseError) -> DocumentMetadata {
        guard let first = file.lines.firstIndex(where: { !$0.trimmingSpaces.isEmpty }) else {
            return DocumentMetadata()
        }
        if file.lines[first].trimmingSpaces == "---", first == 0 {
            return try readFrontMatter(file)
        }
        return readPropertiesAndTags(file, from: first)
    }

    /// Reads the header like `read`, but never fails: a malformed header is reported and the
    /// document keeps going (invalid YAML: its lines are still blanked, with no values; an
    /// unterminated front matter: no header at all).
    public static func readLeniently(_ file: SourceFile) -> (metadata: DocumentMetadata, problem: Diagnostic?) {
        do {
            return (try read(file), nil)
        } catch {
            guard let end = frontMatterEnd(file) else { return (DocumentMetadata(), error.diagnostic) }
            return (DocumentMetadata(format: .yamlFrontMatter, values: [:], lines: [1...(end + 1)]), error.diagnostic)
        }
    }

    /// The index of the line closing the front matter, if any.
    private static func frontMatterEnd(_ file: SourceFile) -> Int? {
        file.lines.indices.dropFirst().first(where: { ["---", "..."].contains(file.lines[$0].trimmingSpaces) })
    }

    private static func readFrontMatter(_ file: SourceFile) throws(StepwiseError) -> DocumentMetadata {
        guard let end = frontMatterEnd(file) else {
            throw StepwiseError(
                "front-matter-unterminated", at: file.location(line: 1),
                "front matter starting here is never closed", fix: "add a line '---' after the metadata")
        }
        let yaml = file.lines[1..<end].joined(separator: "\n")
        let values = try decodeYAML(yaml, file: file)
        return DocumentMetadata(format: .yamlFrontMatter, values: values, lines: [1...(end + 1)])
    }

    private static func decodeYAML(_ yaml: String, file: SourceFile) throws(StepwiseError) -> [String: String] {
        if let values = lineMapping(yaml) { return values }
        if let problem = unsafeYAML(yaml) {
            throw StepwiseError("front-matter-invalid", at: file.location(line: 2), "malformed YAML front matter: \(problem)")
        }
        let loaded: Any?
        do {
            // Parsed once: the node is checked, then constructed as `Yams.load` would construct it.
            let node = try Yams.compose(yaml: yaml)
            if let key = node?.mapping?.keys.first(where: { $0.scalar == nil }) {
                throw StepwiseError(
                    "front-matter-invalid", at: file.location(line: (key.mark?.line ?? 1) + 1, column: key.mark?.column ?? 1),
                    "malformed YAML front matter: a key must be plain text, not a list or a mapping")
            }
            if let node, let values = textValues(of: node) { return values }
            loaded = node?.any
        } catch let error as StepwiseError {
            throw error
        } catch let error as YamlError {
            throw yamlError(error, file: file)
        } catch {
            throw StepwiseError("front-matter-invalid", at: file.location(line: 2), "malformed YAML front matter")
        }
        guard let loaded else { return [:] }
        guard let mapping = loaded as? [String: Any] else {
            throw StepwiseError("front-matter-invalid", at: file.location(line: 2), "front matter is not a mapping of keys to values")
        }
        return mapping.mapValues(stringValue)
    }

    /// The values of front matter written as most is, one `key: value` line each, read from its bytes
    /// without Yams; nil (left to Yams) for anything else. Taken only when Yams gives the same values
    /// and `unsafeYAML` finds nothing:
    /// - every line is blank (spaces), a comment starting at its first byte, or a key at its first
    ///   byte (an ASCII letter or `_`, then letters, digits, `_ . -`) followed by `:` and a space or
    ///   the line's end, no key twice;
    /// - a value is empty (YAML's null, which is `""`), quoted on its one line (`'it''s'`, or `"…"`
    ///   without a backslash or another `"`) with only spaces after it, or plain text that
    ///   `isCertainText` reads as text and that holds no `: `, ` #`, final `:`, and no `&`, `*`, `[`
    ///   or `{` anywhere (what an anchor or nesting would start: `unsafeYAML` would look further);
    /// - no line is indented (a continued value, a nested list), no tab, and no character YAML refuses
    ///   or reads as a line break (C0 and C1 controls, DEL, U+2028, U+2029, U+FEFF, U+FFFE, U+FFFF).
    static func lineMapping(_ yaml: String) -> [String: String]? {
        var yaml = yaml
        return yaml.withUTF8 { bytes -> [String: String]? in
            var values: [String: String] = [:]
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                defer { start = end + 1 }
                guard let (key, value) = lineEntry(UnsafeBufferPointer(rebasing: bytes[start..<end])) else { return nil }
                guard let key else { continue }
                guard values.updateValue(value, forKey: key) == nil else { return nil }
            }
            return values
        }
    }

    /// One line of `lineMapping`: nil when the line is not of its forms, a nil key for a blank or
    /// comment line, else the key and its value.
    private static func lineEntry(_ line: UnsafeBufferPointer<UInt8>) -> (key: String?, value: String)? {
        var index = 0
        while index < line.count {
            let byte = line[index]
            if byte < 0x20 || byte == 0x7F { return nil }
            if byte == 0xC2, index + 1 < line.count, line[index + 1] < 0xA0 { return nil }
            if byte == 0xE2, index + 2 < line.count, line[index + 1] == 0x80, line[index + 2] == 0xA8 || line[index + 2] == 0xA9 { return nil }
            if byte == 0xEF, index + 2 < line.count,
               (line[index + 1] == 0xBB && line[index + 2] == 0xBF) || (line[index + 1] == 0xBF && line[index + 2] >= 0xBE) { return nil }
            index += 1
        }
        guard let first = line.first else { return (nil, "") }
        if first == UInt8(ascii: " ") { return line.allSatisfy { $0 == UInt8(ascii: " ") } ? (nil, "") : nil }
        // A comment (`unsafeYAML` reads comments too).
        if first == UInt8(ascii: "#") { return line.contains(where: mayStartNode) ? nil : (nil, "") }
        guard first.isASCIILetter || first == UInt8(ascii: "_") else { return nil }
        var colon = 1
        while colon < line.count, line[colon].isASCIIAlphanumeric || keyPunctuation(line[colon]) { colon += 1 }
        // YAML looks for a key's colon within 1,024 characters.
        guard colon < line.count, colon < 1_000, line[colon] == UInt8(ascii: ":"), colon + 1 == line.count || line[colon + 1] == UInt8(ascii: " ") else {
            return nil
        }
        let key = UnsafeBufferPointer(rebasing: line[..<colon])
        guard isCertainText(key) else { return nil }
        var valueStart = colon + 1, valueEnd = line.count
        while valueStart < valueEnd, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        while valueEnd > valueStart, line[valueEnd - 1] == UInt8(ascii: " ") { valueEnd -= 1 }
        let value = UnsafeBufferPointer(rebasing: line[valueStart..<valueEnd])
        guard let text = lineValue(value) else { return nil }
        return (String(decoding: key, as: UTF8.self), text)
    }

    /// A value of `lineMapping` (no spaces around it) as text; nil when it is not of its forms.
    private static func lineValue(_ value: UnsafeBufferPointer<UInt8>) -> String? {
        guard let first = value.first else { return "" }
        if first == UInt8(ascii: "'") {
            // Quotes inside are doubled; the last byte closes the value.
            var text: [UInt8] = []
            var index = 1
            while index < value.count {
                if value[index] == UInt8(ascii: "'") {
                    if index == value.count - 1 { return String(decoding: text, as: UTF8.self) }
                    guard value[index + 1] == UInt8(ascii: "'") else { return nil }
                    index += 1
                }
                text.append(value[index])
                index += 1
            }
            return nil
        }
        if first == UInt8(ascii: "\"") {
            let inner = value.dropFirst()
            guard inner.last == UInt8(ascii: "\""), !inner.dropLast().contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return nil }
            return String(decoding: inner.dropLast(), as: UTF8.self)
        }
        guard !plainIndicators.contains(first), value.last != UInt8(ascii: ":"), isCertainText(value) else { return nil }
        for index in value.indices {
            switch value[index] {
            case let byte where mayStartNode(byte): return nil
            case UInt8(ascii: ":") where value[index + 1] == UInt8(ascii: " "): return nil
            case UInt8(ascii: "#") where value[index - 1] == UInt8(ascii: " "): return nil
            default: continue
            }
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// Whether a plain scalar of these bytes is text (see `certainText`): not empty; when it starts
    /// like a number, a date, a merge or value key, made of some byte outside `schemaAlphabet`, or
    /// (starting with a digit but not `0x`, `0b`, `0o`) some letter other than a float's exponent
    /// and a date's `T` and `Z` (a commit hash: `9d2df3…`); else not one of `schemaWords` (none
    /// longer than five bytes).
    private static func isCertainText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        if schemaStarts.contains(first) {
            if bytes.contains(where: { !schemaAlphabet.contains($0) }) { return true }
            guard first.isASCIIDigit, !(first == UInt8(ascii: "0") && bytes.count > 1 && basePrefixes.contains(bytes[1])) else { return false }
            return bytes.contains { $0.isASCIILetter && !numberLetters.contains($0) }
        }
        return bytes.count > 5 || !schemaWords.contains(String(decoding: bytes, as: UTF8.self))
    }

    /// The letters after a leading `0` that make a number of another base, and the letters a number
    /// or date without one may hold.
    private static let basePrefixes = Set("xXbBoO".utf8), numberLetters = Set("eEtTzZ".utf8)

    /// What starts an anchor, an alias or a nested list or mapping.
    private static func mayStartNode(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{")
    }

    /// What a plain value cannot start with (YAML's indicators; quotes are read above).
    private static let plainIndicators = Set("-?:,[]{}#&*!|>%@`'\"".utf8)

    private static func keyPunctuation(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") }

    /// The values of a mapping whose keys are all text, each turned into text as `stringValue(node.any)`
    /// would: a value that can only be text (quoted, or plain and not starting like a number, a date,
    /// a boolean or a null) is taken as written, any other value is constructed by Yams. Yams' own
    /// construction resolves every plain scalar against its schema's regular expressions, and that
    /// was most of the time spent on front matter. Nil (construct the whole node with Yams) when a key
    /// might not be text (`<<` merges, `=` values, numbers).
    static func textValues(of node: Node) -> [String: String]? {
        guard case .mapping(let mapping) = node, [Tag.Name.implicit.rawValue, Tag.Name.map.rawValue].contains(mapping.tag.description) else {
            return nil
        }
        var values: [String: String] = [:]
        values.reserveCapacity(mapping.count)
        for (key, value) in mapping {
            guard case .scalar(let keyScalar) = key, let name = certainText(keyScalar) else { return nil }
            if case .scalar(let scalar) = value, let text = certainText(scalar) {
                values[name] = text
            } else {
                values[name] = stringValue(value.any)
            }
        }
        return values
    }

    /// The scalar's text when the default schema can only read it as a string: its tag is `!!str`
    /// (a quoted or block scalar), or it is plain and no rule of Yams' default resolver (bool, int,
    /// float, merge, null, timestamp, value) can match it — each of those rules matches only text that
    /// starts with a digit, `+ - . < = ~`, or is one of the boolean and null words, and the rules
    /// for text starting so match only text made of `schemaAlphabet` (`12/11/2017`, with its
    /// slashes, is text; `2017-12-11` is left to Yams, which reads a date).
    static func certainText(_ scalar: Node.Scalar) -> String? {
        let tag = scalar.tag.description
        if tag == Tag.Name.str.rawValue { return scalar.string }
        guard tag == Tag.Name.implicit.rawValue, scalar.style == .plain else { return nil }
        var text = scalar.string
        return text.withUTF8(isCertainText) ? text : nil
    }

    /// The first bytes of every number, date, merge key, value key and `~` null of the default schema.
    private static let schemaStarts = Set("0123456789+-.<=~".utf8)
    /// Every byte the int, float, timestamp, merge, value and `~` null rules can match (`0b`, `0o`
    /// and `0x` prefixes, hex digits, exponents, `.inf` and `.nan` in their cases, the date's `T`,
    /// blanks and `Z`, sexagesimal colons), with a few letters to spare.
    private static let schemaAlphabet = Set("0123456789+-._:<=~ \tabcdefABCDEFinINoOxXtTzZ".utf8)
    /// The whole words the default schema reads as booleans or null.
    private static let schemaWords: Set<String> = [
        "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
        "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL",
    ]

    /// Metadata is a flat list of keys; YAML that could expand without bound (anchors and aliases, the
    /// "billion laughs") or nest deeper than any metadata does is refused before it is parsed.
    static func unsafeYAML(_ yaml: String) -> String? {
        var depth = 0, deepest = 0, quote: UInt8?
        // The last character that was not a space: an anchor or alias starts a node, right after one of
        // `: - [ { , ?` or a line start, and a name follows it at once (`DBs & servers` is plain text).
        var previous = UInt8(ascii: "\n")
        let characters = characterBytes(yaml)
        for (offset, character) in characters.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == UInt8(ascii: "\"") || character == UInt8(ascii: "'") {
                quote = character
            } else if character == UInt8(ascii: "[") || character == UInt8(ascii: "{") {
                depth += 1
                deepest = max(deepest, depth)
            } else if character == UInt8(ascii: "]") || character == UInt8(ascii: "}") {
                depth = max(0, depth - 1)
            } else if character == UInt8(ascii: "\n") {
                quote = nil
            } else if character == UInt8(ascii: "*") || character == UInt8(ascii: "&"), anchorPrecedes.contains(previous),
                offset + 1 < characters.count, !anchorEnds.contains(characters[offset + 1]) {
                return "anchors and aliases (\(Character(Unicode.Scalar(character)))) are not supported in metadata"
            }
            if character != UInt8(ascii: " ") && character != UInt8(ascii: "\t") { previous = character }
        }
        return deepest > 32 ? "nested \(deepest) levels deep; metadata is at most a few levels" : nil
    }

    /// What may stand before an anchor or alias, and what cannot follow its `&` or `*`.
    private static let anchorPrecedes = Set("[{,:-?\n".utf8), anchorEnds = Set(" \t\n]},".utf8)

    /// Appends `characterBytes` of a line whose scalars are all below U+0300 (ASCII, Latin-1, the Latin
    /// extensions and spacing modifiers: a French or Spanish title), without reading its characters:
    /// no scalar there joins the one before it (combining marks start at U+0300, CR is not in a line
    /// read here), so each scalar is a character, an ASCII one its byte, any other 0xFF. False, with
    /// nothing appended, for a line with any other scalar.
    static func latinCharacterBytes(_ line: Substring.UTF8View, into bytes: inout [UInt8]) -> Bool {
        // U+0080–U+02FF are the two-byte sequences led by 0xC2–0xCB.
        guard line.allSatisfy({ $0 < 0xCC }) else { return false }
        for byte in line where byte < 0x80 || byte >= 0xC0 {
            bytes.append(byte < 0x80 ? byte : 0xFF)
        }
        return true
    }

    /// Each character of `text` (grapheme cluster) as its byte when it is one ASCII scalar, else 0xFF
    /// (`é`, a quote with a combining mark, CR LF), so that a scan for ASCII punctuation reads it byte
    /// by byte as it would read its characters. A line feed is always a character of its own, so each
    /// line is taken alone: an ASCII or Latin line byte for byte (`latinCharacterBytes`), any other
    /// character by character.
    static func characterBytes(_ text: String) -> [UInt8] {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "\r") }) else { return Array(utf8) }
        let other: UInt8 = 0xFF
        func byte(_ character: Character) -> UInt8 {
            character.unicodeScalars.count == 1 ? character.asciiValue ?? other : other
        }
        // CR LF is one character that spans two bytes: the whole text character by character.
        guard !utf8.contains(UInt8(ascii: "\r")) else { return text.map(byte) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var start = utf8.startIndex
        while start < utf8.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            let line = utf8[start..<end]
            if line.allSatisfy({ $0 < 0x80 }) {
                bytes += line
            } else if !latinCharacterBytes(line, into: &bytes) {
                bytes += Substring(text.unicodeScalars[start..<end]).map(byte)
            }
            guard end < utf8.endIndex else { break }
            bytes.append(UInt8(ascii: "\n"))
            start = utf8.index(after: end)
        }
        return bytes
    }

    private static func yamlError(_ error: YamlError, file: SourceFile) -> StepwiseError {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            // The YAML starts on line 2 of the file (after the opening '---').
            return StepwiseError("front-matter-invalid", at: file.location(line: mark.line + 1, column: mark.column), "malformed YAML front matter: \(problem)")
        default:
            return StepwiseError("front-matter-invalid", at: file.location(line: 2), "malformed YAML front matter")
        }
    }

    /// A value as text: an empty value (`ms.assetid:` with nothing after it, YAML's null) is empty,
    /// never a word such as `<null>` that would pair every document without an asset id; a date is
    /// written `YYYY-MM-DD`.
    static func stringValue(_ value: Any) -> String {
        switch value {
        case let list as [Any]: list.map(stringValue).joined(separator: ", ")
        case let string as String: string
        case is NSNull: ""
        case let date as Date: Self.isoDay(date)
        default: String(describing: value)
        }
    }

    private static func isoDay(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return ISODay.text(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
    }

    /// `<properties a="…" …/>` and `<tags …/>` blocks (any letter case), each possibly spanning lines.
    private static func readPropertiesAndTags(_ file: SourceFile, from first: Int) -> DocumentMetadata {
        var values: [String: String] = [:]
        var ranges: [ClosedRange<Int>] = []
        var index = first
        while index < file.lines.count {
            let trimmed = file.lines[index].trimmingSpaces
            if trimmed.isEmpty { index += 1; continue }
            // Tag names are case-insensitive, as in HTML: old pages write `<Properties`.
            let lowered = trimmed.prefix(12).lowercased()
            guard lowered.hasPrefix("<properties") || lowered.hasPrefix("<tags") else { break }
            var end = index
            while end < file.lines.count - 1, !file.lines[end].contains(">") {
                end += 1
            }
            let block = file.lines[index...end].joined(separator: " ")
            for (key, value) in attributes(in: block) where values[key] == nil {
                values[key] = value
            }
            ranges.append((index + 1)...(end + 1))
            index = end + 1
        }
        return ranges.isEmpty ? DocumentMetadata() : DocumentMetadata(format: .propertiesAndTags, values: values, lines: ranges)
    }

    /// The `name="value"` attributes of an HTML-like tag.
    static func attributes(in tag: String) -> [(String, String)] {
        let pattern = attributeRegex
        return tag.matches(of: pattern).map { (String($0.output.1), String($0.output.2)) }
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let attributeRegex = /([A-Za-z_][\w.:-]*)\s*=\s*"([^"]*)"/
