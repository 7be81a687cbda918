public import StepwiseDiagnostics
public import Foundation

/// A Markdown file read from disk and checked: valid UTF-8, no NUL bytes, not empty.
public struct SourceFile: Sendable, Hashable {
    /// The path shown in diagnostics (as given, or relative to the working directory).
    public var path: String
    /// The absolute, standardized file URL.
    public var url: URL
    /// The file's lines, split on `\n` (a trailing `\r` is removed); a final newline adds no line.
    /// Read while the document is normalized and modelled; empty once it is released
    /// (`releasingLines()`): `compactLines` keeps them.
    public var lines: [String]
    /// The same lines stored compactly: what a file keeps once its document is modelled.
    public var compactLines: SourceLines

    public init(path: String, url: URL, lines: [String]) {
        self.init(path: path, url: url, lines: lines, compactLines: SourceLines(lines))
    }

    init(path: String, url: URL, lines: [String], compactLines: SourceLines) {
        self.path = path
        self.url = url
        self.lines = lines
        self.compactLines = compactLines
    }

    /// The file without its lines as strings, `compactLines` holding them: a modelled document's
    /// file, as the checks read it.
    public func releasingLines() -> SourceFile {
        var file = self
        file.lines = []
        return file
    }

    /// Reads and validates the file at `url`, reporting problems at `path:line:col`. Only a regular
    /// file of at most 4 MiB is read (`ContainedFiles`); the include resolver has already kept the
    /// path inside the content root. `observer` is told of the bytes read (see `FileReadObserver`).
    /// With `headerOnly`, the whole file is read and validated but only the lines its header can take
    /// are kept (`headerLines`): enough for `MetadataReader`, which reads the same header from them.
    public static func read(_ url: URL, displayPath: String, observer: (any FileReadObserver)? = nil, headerOnly: Bool = false) throws(StepwiseError) -> SourceFile {
        let data: Data
        do {
            data = try ContainedFiles.readRegularFile(url, observer: observer)
        } catch {
            if case .tooLarge = error {
                throw StepwiseError("file-too-large", at: SourceLocation(path: displayPath), error.description, fix: "split the document")
            }
            throw StepwiseError("file-unreadable", at: SourceLocation(path: displayPath), "cannot read file: \(error)")
        }
        let bytes = [UInt8](data)
        // Validated once, as a whole: each line is then a copy of a slice of valid text, and the
        // compact lines are those copies joined (no line is validated again).
        let text = String(validating: bytes, as: UTF8.self)
        let ranges = try lineRanges(bytes, path: displayPath, validated: text != nil)
        guard let text else {
            return SourceFile(
                path: displayPath, url: StandardFileURL.of(url), lines: ranges.map { String(decoding: bytes[$0], as: UTF8.self) },
                compactLines: SourceLines(bytes[...], lines: ranges))
        }
        let utf8 = text.utf8
        let line = { (range: Range<Int>) in
            String(text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)])
        }
        let lines = headerOnly ? headerLines(ranges.lazy.map(line)) : ranges.map(line)
        let kept = lines.count == ranges.count ? ranges : Array(ranges.prefix(lines.count))
        // The compact lines are joined from the validated text (room made for them first), its bytes
        // not validated again.
        return SourceFile(path: displayPath, url: StandardFileURL.of(url), lines: lines, compactLines: SourceLines(validated: text, lines: kept))
    }

    /// The first of `lines` that a document's header can take, made one at a time: through the line
    /// closing a YAML front matter (`---` or `...`) that opens the file on its first line, else every
    /// line (a front matter never closed, or a header of `<properties>` and `<tags>` lines, which
    /// `MetadataReader` reads wherever the first text is).
    static func headerLines(_ lines: some Collection<String>) -> [String] {
        guard let first = lines.first, first.trimmingSpaces == "---" else { return Array(lines) }
        var kept = [first]
        for line in lines.dropFirst() {
            kept.append(line)
            let trimmed = line.trimmingSpaces
            if trimmed == "---" || trimmed == "..." { return kept }
        }
        return kept
    }

    /// Decodes `data` as UTF-8 text split into lines, rejecting empty files, NUL bytes and bad UTF-8.
    public static func decodeLines(_ data: Data, path: String) throws(StepwiseError) -> [String] {
        let bytes = [UInt8](data)
        return try lineRanges(bytes, path: path).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// The byte range of each line of `bytes` (after a byte-order mark, without line endings),
    /// rejecting empty files, NUL bytes and bad UTF-8 (not looked for again when `validated`: the
    /// standard library's validation and `firstInvalidUTF8` reject the same bytes).
    private static func lineRanges(_ bytes: [UInt8], path: String, validated: Bool = false) throws(StepwiseError) -> [Range<Int>] {
        guard bytes.contains(where: { !isWhitespace($0) }) else {
            throw StepwiseError("file-empty", at: SourceLocation(path: path), "file is empty", fix: "add content or remove the file")
        }
        if let index = firstNUL(bytes) {
            throw StepwiseError("file-nul-byte", at: location(of: index, in: bytes, path: path), "file contains a NUL byte; is it a binary file?")
        }
        if !validated, let index = firstInvalidUTF8(bytes) {
            throw StepwiseError("file-invalid-utf8", at: location(of: index, in: bytes, path: path), "invalid UTF-8 byte sequence", fix: "re-encode the file as UTF-8")
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        var lines = splitLines(body)
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Lines ended by LF, CR LF or a lone CR (CommonMark's line endings; old Mac files use CR alone).
    /// Bytes that end no line are passed over eight at a time (`UInt64.holdsByte`).
    private static func splitLines(_ bytes: ArraySlice<UInt8>) -> [Range<Int>] {
        let first = bytes.startIndex
        return bytes.withUnsafeBufferPointer { buffer in
            var lines: [Range<Int>] = []
            var start = 0, index = 0
            while index < buffer.count {
                if let base = buffer.baseAddress {
                    while index + 8 <= buffer.count {
                        let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                        if word.holdsByte(0x0A) || word.holdsByte(0x0D) { break }
                        index += 8
                    }
                }
                guard index < buffer.count else { break }
                let byte = buffer[index]
                if byte == 0x0A || byte == 0x0D {
                    lines.append(first + start..<first + index)
                    index += byte == 0x0D && index + 1 < buffer.count && buffer[index + 1] == 0x0A ? 2 : 1
                    start = index
                } else {
                    index += 1
                }
            }
            lines.append(first + start..<first + buffer.count)
            return lines
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func location(of index: Int, in bytes: [UInt8], path: String) -> SourceLocation {
        let prefix = bytes[..<index]
        let line = prefix.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let lineStart = prefix.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        return SourceLocation(path: path, line: line, column: index - lineStart + 1)
    }

    /// The offset of the first NUL byte, or `nil` (`memchr`).
    static func firstNUL(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, let found = memchr(base, 0, raw.count) else { return nil }
            return UnsafeRawPointer(found) - base
        }
    }

    /// The byte offset of the first invalid UTF-8 sequence, or `nil`.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            // Runs of ASCII (most of a Markdown file) are skipped eight bytes at a time.
            index = bytes.withUnsafeBytes { raw in
                var index = index
                while index + 8 <= raw.count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                }
                return index
            }
            guard index < bytes.count else { return nil }
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 {
                return index
            }
            if length == 3 {
                let second = bytes[index + 1]
                if (lead == 0xE0 && second < 0xA0) || (lead == 0xED && second > 0x9F) { return index }
            } else if length == 4 {
                let second = bytes[index + 1]
                if (lead == 0xF0 && second < 0x90) || (lead == 0xF4 && second > 0x8F) { return index }
            }
            index += length
        }
        return nil
    }

    /// The location of `line`:`column` in this file.
    public func location(line: Int, column: Int = 1) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }
}
