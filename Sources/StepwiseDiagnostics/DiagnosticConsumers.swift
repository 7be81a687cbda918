import Foundation

/// One `path:line:col: severity: message [id]` line per diagnostic (notes on following lines).
public struct TextDiagnosticConsumer: DiagnosticConsumer {
    public var write: (String) -> Void

    public init(write: @escaping (String) -> Void) {
        self.write = write
    }

    /// How much text is handed to `write` at once: a repository's tens of thousands of warnings
    /// are a few hundred writes, not one per line.
    public static let chunkSize = 64 * 1024

    public func consume(_ diagnostics: [Diagnostic]) {
        // Spelled on all cores, in runs of consecutive diagnostics, each run cut into chunks; written in order.
        let chunks = diagnostics.concurrentRuns(minimumRun: 512) { run -> [String] in
            var chunks: [String] = []
            var chunk = ""
            for diagnostic in run {
                diagnostic.appendFormatted(to: &chunk)
                chunk += "\n"
                if chunk.utf8.count >= Self.chunkSize {
                    chunks.append(chunk)
                    chunk = ""
                }
            }
            if !chunk.isEmpty { chunks.append(chunk) }
            return chunks
        }
        // A run's last chunk, short, goes out with the next run's first.
        var pending = ""
        for chunk in chunks {
            pending += chunk
            if pending.utf8.count >= Self.chunkSize {
                write(pending)
                pending = ""
            }
        }
        if !pending.isEmpty { write(pending) }
    }
}

/// The diagnostics as one JSON array: sorted keys, stable order.
public struct JSONDiagnosticConsumer: DiagnosticConsumer {
    public var write: (String) -> Void

    public init(write: @escaping (String) -> Void) {
        self.write = write
    }

    public func consume(_ diagnostics: [Diagnostic]) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(diagnostics)) ?? Data("[]".utf8)
        write(String(decoding: data, as: UTF8.self) + "\n")
    }
}

/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=id::message`.
public struct GitHubAnnotationConsumer: DiagnosticConsumer {
    public var write: (String) -> Void

    public init(write: @escaping (String) -> Void) {
        self.write = write
    }

    public func consume(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { write(Self.annotation(diagnostic) + "\n") }
    }

    static func annotation(_ diagnostic: Diagnostic) -> String {
        let notes = diagnostic.notes.map { "\n" + ($0.location.map { "\($0): " } ?? "") + $0.message }.joined()
        return WorkflowCommand.annotation(
            severity: diagnostic.severity, path: diagnostic.location?.path, line: diagnostic.location?.line ?? 0,
            column: diagnostic.location?.column ?? 0, title: diagnostic.id, message: diagnostic.summary + notes)
    }
}
