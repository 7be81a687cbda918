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

    public init(id: String, severity: Severity, location: SourceLocation?, summary: String, fix: String? = nil) {
        self.id = id
        self.severity = severity
        self.location = location
        self.summary = summary
        self.fix = fix
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
}

extension Diagnostic {
    /// `path:line:col: severity: summary [id]`, the form every report prints.
    public var formatted: String { "\(description) [\(id)]" }
}
