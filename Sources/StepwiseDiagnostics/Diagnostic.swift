/// A message about the input, with a stable identifier, a severity, a location and an optional fix.
public struct Diagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A stable identifier such as `include-missing` or `code-split-by-indentation`.
    public var id: String
    public var severity: Severity
    /// Where the problem is; `nil` only when no file is involved.
    public var location: SourceLocation?
    /// A terse one-line headline.
    public var summary: String
    /// A suggested fix, phrased as an instruction.
    public var fix: String?
    /// Further places and explanations (the other end of a cycle, the source of a drift).
    public var notes: [DiagnosticNote] = []

    public init(id: String, severity: Severity, location: SourceLocation?, summary: String, fix: String? = nil, notes: [DiagnosticNote] = []) {
        self.id = id
        self.severity = severity
        self.location = location
        self.summary = summary
        self.fix = fix
        self.notes = notes
    }

    public static func error(_ id: String, at location: SourceLocation?, _ summary: String, fix: String? = nil) -> Diagnostic {
        Diagnostic(id: id, severity: .error, location: location, summary: summary, fix: fix)
    }

    public static func warning(_ id: String, at location: SourceLocation?, _ summary: String, fix: String? = nil) -> Diagnostic {
        Diagnostic(id: id, severity: .warning, location: location, summary: summary, fix: fix)
    }

    public static func note(_ id: String, at location: SourceLocation?, _ summary: String, fix: String? = nil) -> Diagnostic {
        Diagnostic(id: id, severity: .note, location: location, summary: summary, fix: fix)
    }

    enum CodingKeys: String, CodingKey {
        case id, severity, location, summary, fix, notes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id), severity: try container.decode(Severity.self, forKey: .severity),
            location: try container.decodeIfPresent(SourceLocation.self, forKey: .location),
            summary: try container.decode(String.self, forKey: .summary), fix: try container.decodeIfPresent(String.self, forKey: .fix),
            notes: try container.decodeIfPresent([DiagnosticNote].self, forKey: .notes) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(severity, forKey: .severity)
        try container.encodeIfPresent(location, forKey: .location)
        try container.encode(summary, forKey: .summary)
        try container.encodeIfPresent(fix, forKey: .fix)
        if !notes.isEmpty { try container.encode(notes, forKey: .notes) }
    }

    /// `path:line:col: severity: summary`, the form compilers use.
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)\(severity.rawValue): \(summary)"
    }
}

extension Diagnostic {
    /// Orders diagnostics by file, place, identifier and summary: the order of every report.
    public static func reportOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        (a.location?.path ?? "", a.location?.line ?? 0, a.location?.column ?? 0, a.id, a.summary)
            < (b.location?.path ?? "", b.location?.line ?? 0, b.location?.column ?? 0, b.id, b.summary)
    }

    /// `diagnostics` in report order (`reportOrder`), equal ones in the order given: grouped by file
    /// first, so that a run's tens of thousands of diagnostics compare their paths once per file,
    /// not at every comparison of the sort.
    public static func reportSorted(_ diagnostics: some Sequence<Diagnostic>) -> [Diagnostic] {
        byFile(Array(diagnostics)) { _, sorted in sorted }
    }

    /// `diagnostics` in report order, each once (equal diagnostics kept once), whatever order they
    /// come in: diagnostics in the same place with the same identifier and summary are ordered by the
    /// rest of what they say (severity, fix, notes), so that the order never depends on which thread
    /// emitted first.
    public static func reportSortedOnce(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        byFile(diagnostics) { diagnostics, sorted in
            var result: [Int] = []
            result.reserveCapacity(sorted.count)
            var start = 0
            while start < sorted.count {
                // A run of diagnostics neither of which is before the other: rare, and short.
                var end = start + 1
                while end < sorted.count, !reportOrder(diagnostics[sorted[start]], diagnostics[sorted[end]]) { end += 1 }
                if end - start == 1 {
                    result.append(sorted[start])
                } else {
                    var seen = Set<Diagnostic>()
                    let run = sorted[start..<end].filter { seen.insert(diagnostics[$0]).inserted }
                    result += run.sorted { (diagnostics[$0].severity.rawValue, diagnostics[$0].formatted) < (diagnostics[$1].severity.rawValue, diagnostics[$1].formatted) }
                }
                start = end
            }
            return result
        }
    }

    /// The diagnostics of each file (by path, in path order) sorted by position, then `finish`ed (it
    /// is given the diagnostics and the places in them of a file's, sorted, and returns the places
    /// kept, in order), on all cores; concatenated. Only places are grouped, sorted and kept: each
    /// diagnostic is copied once, into the result (a large content's build reports some 80,000, and
    /// copying each at every step cost a tenth of a second of every build).
    private static func byFile(_ diagnostics: [Diagnostic], _ finish: @Sendable (UnsafeBufferPointer<Diagnostic>, [Int]) -> [Int]) -> [Diagnostic] {
        diagnostics.withUnsafeBufferPointer { buffer in
            // Runs of one file's diagnostics, as they usually come, are grouped with one lookup.
            var files: [String: [Int]] = [:]
            var start = 0
            while start < buffer.count {
                let path = buffer[start].location?.path ?? ""
                var end = start + 1
                while end < buffer.count, (buffer[end].location?.path ?? "") == path { end += 1 }
                files[path, default: []].append(contentsOf: start..<end)
                start = end
            }
            nonisolated(unsafe) let diagnostics = buffer
            let kept = files.sorted { $0.key < $1.key }.map(\.value).concurrentMap { file in
                finish(diagnostics, file.sorted { a, b in
                    let (a, b) = (diagnostics[a], diagnostics[b])
                    return (a.location?.line ?? 0, a.location?.column ?? 0, a.id, a.summary) < (b.location?.line ?? 0, b.location?.column ?? 0, b.id, b.summary)
                })
            }
            var result: [Diagnostic] = []
            result.reserveCapacity(kept.reduce(0) { $0 + $1.count })
            for file in kept {
                for index in file { result.append(buffer[index]) }
            }
            return result
        }
    }
}

extension Diagnostic {
    /// `path:line:col: severity: summary (fix) [id]`, the form every report prints, each note on a
    /// line of its own after it (`path:line:col: note: message`).
    public var formatted: String {
        var text = ""
        appendFormatted(to: &text)
        return text
    }

    /// Appends `formatted` to `text` piece by piece: a report of tens of thousands of diagnostics
    /// made each line of several strings interpolated into one another, each a copy of the last.
    public func appendFormatted(to text: inout String) {
        func append(_ location: SourceLocation) {
            location.appendDescription(to: &text)
            text += ": "
        }
        if let location { append(location) }
        text += severity.rawValue
        text += ": "
        text += summary
        if let fix {
            text += " ("
            text += fix
            text += ")"
        }
        text += " ["
        text += id
        text += "]"
        for note in notes {
            text += "\n"
            if let location = note.location { append(location) }
            text += "note: "
            text += note.message
        }
    }
}

/// A further place or explanation attached to a diagnostic (the other end of a cycle, a source line).
public struct DiagnosticNote: Hashable, Sendable, Codable {
    public var location: SourceLocation?
    public var message: String

    public init(location: SourceLocation?, message: String) {
        self.location = location
        self.message = message
    }
}
