public import Foundation

/// One generated file that differs from what the generator produces now.
public struct StaleFile: Hashable, Sendable, CustomStringConvertible {
    public enum Reason: String, Hashable, Sendable { case missing, changed, unexpected }
    public var path: String
    public var reason: Reason
    /// The first line that differs, 1-based, in the fresh output.
    public var line: Int?
    /// The fact whose declaration differs: the nearest doc comment above the first difference.
    public var fact: String?

    public var description: String {
        let at = line.map { ":\($0)" } ?? ""
        let fact = fact.map { " — \($0)" } ?? ""
        return "\(path)\(at): \(reason.rawValue)\(fact)"
    }
}

/// Compares fresh generator output with the files on disk.
public struct StaleFileVerifier: Sendable {
    /// The command that regenerates the files.
    public static let regenerateCommand = "swift run stepwise build"
    public var directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The files that are missing, changed or no longer generated; empty when everything is current.
    public func staleFiles(comparedWith files: [GeneratedFile]) throws -> [StaleFile] {
        var stale: [StaleFile] = []
        for file in files {
            guard let data = try? Data(contentsOf: directory.appendingPathComponent(file.path)) else {
                stale.append(StaleFile(path: file.path, reason: .missing))
                continue
            }
            let onDisk = String(decoding: data, as: UTF8.self)
            if onDisk != file.contents { stale.append(difference(file, onDisk)) }
        }
        let wanted = Set(files.map(\.path))
        let existing = try GeneratedFileWriter(directory: directory).existingSwiftFiles()
        stale += existing.filter { !wanted.contains($0) }.map { StaleFile(path: $0, reason: .unexpected) }
        return stale.sorted { $0.path < $1.path }
    }

    private func difference(_ file: GeneratedFile, _ onDisk: String) -> StaleFile {
        let fresh = file.contents.components(separatedBy: "\n")
        let old = onDisk.components(separatedBy: "\n")
        let common = min(fresh.count, old.count)
        let index = (0..<common).first { fresh[$0] != old[$0] } ?? common
        let lines = index < fresh.count ? fresh : old
        return StaleFile(path: file.path, reason: .changed, line: index + 1, fact: nearestFact(lines, before: index))
    }

    /// The declaration at or below the nearest doc comment above `index`, with its first doc line.
    private func nearestFact(_ lines: [String], before index: Int) -> String? {
        var cursor = min(index, lines.count - 1)
        while cursor >= 0, !lines[cursor].trimmingCharacters(in: .whitespaces).hasPrefix("///") { cursor -= 1 }
        guard cursor >= 0 else { return nil }
        var start = cursor
        while start > 0, lines[start - 1].trimmingCharacters(in: .whitespaces).hasPrefix("///") { start -= 1 }
        let declaration = lines[(cursor + 1)...].first { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("///") } ?? ""
        let summary = lines[start].trimmingCharacters(in: .whitespaces).dropFirst(4)
        return "\(declaration.trimmingCharacters(in: .whitespaces)) (\(summary))"
    }
}
