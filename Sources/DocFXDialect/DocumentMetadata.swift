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
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{A0}" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
