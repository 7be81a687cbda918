/// The metadata header of a document: YAML front matter or `<properties …/>` + `<tags …/>`.
public struct DocumentMetadata: Hashable, Sendable {
    /// How the metadata was written.
    public enum Format: String, Hashable, Sendable, Codable {
        case none
        case yamlFrontMatter
        case propertiesAndTags
    }

    public var format: Format
    /// Every key and value as written (scalars as strings, lists joined with ", ").
    public var values: [String: String]
    /// The lines the header occupies (blanked before parsing), empty when there is none.
    public var lines: [ClosedRange<Int>]

    public init(format: Format = .none, values: [String: String] = [:], lines: [ClosedRange<Int>] = []) {
        self.format = format
        self.values = values
        self.lines = lines
    }

    /// The first non-empty value among `keys`.
    public func value(_ keys: String...) -> String? {
        for key in keys {
            if let value = values[key]?.trimmingSpaces, !value.isEmpty { return value }
        }
        return nil
    }

    /// The page title (`title` in YAML, `pageTitle` or `title` in `<properties>`).
    public var title: String? { value("title", "pageTitle") }
    public var description: String? { value("description") }
    /// The author (`author` in YAML, `authors` in `<properties>`).
    public var author: String? { value("author", "authors", "ms.author") }
    public var date: String? { value("ms.date") }
    public var assetID: String? { value("ms.assetid") }
    public var contentLocale: String? { value("ms.contentlocale") }
    public var translationType: String? { value("ms.translationtype") }
    public var openLocFileHash: String? { value("ms.openlocfilehash") }
    public var sourceGitCommit: String? { value("ms.sourcegitcommit") }
    public var service: String? { value("ms.service", "services") }
    public var topic: String? { value("ms.topic") }
    public var devLanguage: String? { value("ms.devlang") }
}

extension StringProtocol {
    /// The string without leading and trailing spaces, tabs, newlines and no-break spaces.
    public var trimmingSpaces: String {
        guard case let .some(.some(kept)) = utf8.withContiguousStorageIfAvailable(Self.spaceTrimmedBytes) else {
            return trimmingSpaceCharacters
        }
        return String(self[utf8.index(startIndex, offsetBy: kept.lowerBound)..<utf8.index(startIndex, offsetBy: kept.upperBound)])
    }

    /// `trimmingSpaces` read character by character: a space is only a space as a character of its
    /// own (not `" \u{301}"`, and `"\r\n"` is one character that is neither `\r` nor `\n`).
    var trimmingSpaceCharacters: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{A0}" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }

    /// The byte bounds of the text between the spaces, read from bytes where characters are sure:
    /// next to ASCII, every space byte is a character of its own but for `\r\n`. Nil where a space
    /// meets a byte beyond ASCII (a combining mark may join it): characters decide there.
    private static func spaceTrimmedBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        func isASCII(at offset: Int) -> Bool { offset < 0 || offset >= bytes.count || bytes[offset] < 0x80 }
        var start = 0
        while start < bytes.count {
            let byte = bytes[start]
            if byte == space || byte == tab || byte == newline || byte == cr {
                if byte == cr, start + 1 < bytes.count, bytes[start + 1] == newline { break }
                guard isASCII(at: start + 1) else { return nil }
                start += 1
            } else if byte == 0xC2, start + 1 < bytes.count, bytes[start + 1] == 0xA0 {
                guard isASCII(at: start + 2) else { return nil }
                start += 2
            } else {
                break
            }
        }
        guard start < bytes.count else { return 0..<0 }
        var end = bytes.count
        while end > start {
            let byte = bytes[end - 1]
            if byte == space || byte == tab || byte == newline || byte == cr {
                if byte == newline, end - 2 >= start, bytes[end - 2] == cr { break }
                guard isASCII(at: end - 2) else { return nil }
                end -= 1
            } else if byte == 0xA0, end - 2 >= start, bytes[end - 2] == 0xC2 {
                guard isASCII(at: end - 3) else { return nil }
                end -= 2
            } else {
                break
            }
        }
        return start..<end
    }
}
