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
        byFile(diagnostics) { $0 }
    }

    /// `diagnostics` in report order, each once (equal diagnostics kept once), whatever order they
    /// come in: diagnostics in the same place with the same identifier and summary are ordered by the
    /// rest of what they say (severity, fix, notes), so that the order never depends on which thread
    /// emitted first.
    public static func reportSortedOnce(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        byFile(diagnostics) { sorted in
            var result: [Diagnostic] = []
            result.reserveCapacity(sorted.count)
            sorted.withUnsafeBufferPointer { sorted in
                var start = 0
                while start < sorted.count {
                    // A run of diagnostics neither of which is before the other: rare, and short.
                    var end = start + 1
                    while end < sorted.count, !reportOrder(sorted[start], sorted[end]) { end += 1 }
                    if end - start == 1 {
                        result.append(sorted[start])
                    } else {
                        var seen = Set<Diagnostic>()
                        let run = sorted[start..<end].filter { seen.insert($0).inserted }
                        result += run.sorted { ($0.severity.rawValue, $0.formatted) < ($1.severity.rawValue, $1.formatted) }
                    }
                    start = end
                }
            }
            return result
        }
    }

    /// The diagnostics of each file (by path, in path order) sorted by position, then `finish`ed, on
    /// all cores; concatenated.
    private static func byFile(_ diagnostics: some Sequence<Diagnostic>, _ finish: @Sendable ([Diagnostic]) -> [Diagnostic]) -> [Diagnostic] {
        let files = Dictionary(grouping: diagnostics) { $0.location?.path ?? "" }
        return files.sorted { $0.key < $1.key }.map(\.value).concurrentMap { file in
            finish(file.sortedByPosition { a, b in
                (a.location?.line ?? 0, a.location?.column ?? 0, a.id, a.summary) < (b.location?.line ?? 0, b.location?.column ?? 0, b.id, b.summary)
            })
        }.flatMap { $0 }
    }
}

extension Diagnostic {
    /// `path:line:col: severity: summary (fix) [id]`, the form every report prints, each note on a
    /// line of its own after it (`path:line:col: note: message`).
    public var formatted: String {
        let fix = fix.map { " (\($0))" } ?? ""
        let notes = notes.map { note in "\n" + (note.location.map { "\($0): " } ?? "") + "note: " + note.message }
        return "\(description)\(fix) [\(id)]" + notes.joined()
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
