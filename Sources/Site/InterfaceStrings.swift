public import Foundation
import Yams

/// The interface strings of every locale, read from `templates/strings/<locale>.yml`.
///
/// A locale without a file, or a key missing from its file, falls back to the default locale's
/// string; each fallback is reported once as a warning.
public struct InterfaceStrings: Sendable {
    private var tables: [String: [String: String]]
    private var fallbackLocale: String

    public init(tables: [String: [String: String]], fallbackLocale: String) {
        self.tables = tables
        self.fallbackLocale = fallbackLocale
    }

    /// Reads every `*.yml` file in `directory`, named by locale.
    public static func load(from directory: URL, fallbackLocale: String) throws -> InterfaceStrings {
        let folder = TemplateFolder(directory.deletingLastPathComponent())
        var tables: [String: [String: String]] = [:]
        for file in try folder.entries(directory.lastPathComponent, suffix: ".yml") {
            let text = try folder.text(file)
            do {
                tables[file.deletingPathExtension().lastPathComponent] = try YAMLDecoder().decode([String: String].self, from: text)
            } catch {
                throw SiteError("\(folder.displayPath(file)): not a list of `key: text` strings: \(error)")
            }
        }
        return InterfaceStrings(tables: tables, fallbackLocale: fallbackLocale)
    }

    /// The strings for `locale`, completed from the fallback locale, and a warning per fallback.
    public func table(for locale: String) -> (strings: [String: String], warnings: [String]) {
        let fallback = tables[fallbackLocale] ?? [:]
        guard let own = tables[locale] else {
            return (fallback, ["interface strings: no templates/strings/\(locale).yml; using \(fallbackLocale)"])
        }
        let missing = fallback.keys.filter { own[$0] == nil }.sorted()
        let warnings = missing.map { "interface strings: \(locale) has no '\($0)'; using \(fallbackLocale)" }
        return (fallback.merging(own) { _, mine in mine }, warnings)
    }

    /// Whether `locale`'s own file has `key` (not the fallback locale's).
    public func has(_ key: String, in locale: String) -> Bool {
        tables[locale]?[key] != nil
    }

    /// The key of the string about the problem `id`: `prefix` and its words capitalized
    /// (`unreadable`, `file-invalid-utf8` → `unreadableFileInvalidUtf8`).
    public static func key(_ prefix: String, id: String) -> String {
        prefix + id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The locale's own name for itself (`languageName`), else the locale code.
    public func languageName(of locale: String) -> String {
        tables[locale]?["languageName"] ?? locale
    }
}
