import DocFXDialect
import Foundation
import Localization

/// The documents a change touched since a git revision: those whose file or includes changed, and
/// every translation and edition of a source that changed. Their sources are read too, but only to
/// compare against.
struct ChangeScope {
    var changed: Set<String>

    /// The files changed (or added) since `revision` in the git work tree around `directory`.
    static func since(_ revision: String, around path: String) throws -> ChangeScope {
        var isDirectory: ObjCBool = false
        let url = URL(fileURLWithPath: path)
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        let directory = exists && !isDirectory.boolValue ? url.deletingLastPathComponent() : url
        let top = try Git.run(["rev-parse", "--show-toplevel"], in: directory).trimmingCharacters(in: .whitespacesAndNewlines)
        let tracked = try Git.run(["diff", "--name-only", revision, "--"], in: directory)
        let untracked = try Git.run(["ls-files", "--others", "--exclude-standard", "--full-name"], in: directory)
        let paths = (tracked + "\n" + untracked).split(separator: "\n").map {
            URL(fileURLWithPath: top).appendingPathComponent(String($0)).standardizedFileURL.path
        }
        return ChangeScope(changed: Set(paths))
    }

    /// Splits `documents` into those to check and those to read only as their sources.
    func select(_ documents: [URL], selection: SourceSelection) -> (reported: Set<URL>, sourcesOnly: Set<URL>) {
        let facts = documents.map { DocumentFacts(url: $0) }
        var reported = Set(facts.filter(isTouched).map(\.url))
        let changedSources = facts.filter { reported.contains($0.url) && $0.isSource(selection) }
        for source in changedSources {
            for fact in facts where fact.isVariant(of: source) { reported.insert(fact.url) }
        }
        var sourcesOnly = Set<URL>()
        for fact in facts where reported.contains(fact.url) && !fact.isSource(selection) {
            for candidate in facts where candidate.isSource(selection) && fact.isVariant(of: candidate) && !reported.contains(candidate.url) {
                sourcesOnly.insert(candidate.url)
            }
        }
        return (reported, sourcesOnly)
    }

    private func isTouched(_ document: DocumentFacts) -> Bool {
        changed.contains(document.url.standardizedFileURL.path)
            || changed.contains { path in
                path.contains("/includes/") && document.includes.contains(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
            }
    }
}

/// What a change scope needs to know of a document without modelling it.
struct DocumentFacts {
    var url: URL
    var locale: String
    var edition: String
    var tutorialPath: String
    var assetID: String?
    var includes: Set<String>

    init(url: URL) {
        self.url = url
        let layout = ContentLayout.containing(url)
        locale = layout.locale(of: url) ?? ""
        edition = layout.edition(of: url)
        tutorialPath = layout.tutorialPath(of: url)
        let lines = ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        includes = Set(lines.enumerated().compactMap { IncludeDirective.parse($1, number: $0 + 1)?.name })
        assetID = lines.lazy.compactMap { $0.firstMatch(of: assetIDRegex)?.output.1 }.first.map(String.init)
    }

    func isSource(_ selection: SourceSelection) -> Bool {
        locale == selection.locale && edition == selection.edition
    }

    /// True when `other` is this document's source or another variant of the same tutorial.
    func isVariant(of other: DocumentFacts) -> Bool {
        guard url != other.url else { return false }
        if let asset = assetID, let theirs = other.assetID { return asset == theirs }
        return tutorialPath == other.tutorialPath
    }
}

/// Runs git and returns its standard output; failures are input errors naming git's message.
enum Git {
    static func run(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Console.current.error("error: git \(arguments.joined(separator: " ")): \(message.trimmingCharacters(in: .whitespacesAndNewlines))\n")
            throw InputFailure(exitCode: 2)
        }
        return String(decoding: data, as: UTF8.self)
    }
}

nonisolated(unsafe) private let assetIDRegex = /^\s*ms\.assetid:\s*"?([^"\s]+)/
