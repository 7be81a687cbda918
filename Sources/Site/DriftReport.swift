/// The drift checks' findings, tutorial × locale, rendered as the site's drift report page.
public struct DriftReport: Hashable, Sendable {
    public var rows: [Row]
    /// Problems of documents that could not be read at all (and so have no page).
    public var unreadable: [Finding]

    public init(rows: [Row] = [], unreadable: [Finding] = []) {
        self.rows = rows
        self.unreadable = unreadable
    }

    /// One tutorial in one locale (and edition).
    public struct Row: Hashable, Sendable {
        /// The tutorial's `tutorialPath`, shared by every variant.
        public var tutorial: String
        public var locale: String
        public var edition: String
        public var findings: [Finding]
        /// The document (its `source` path).
        public var document: String
        /// The source document the drift checks aligned it with; nil for a source, or a translation
        /// the checks found no source for.
        public var sourceDocument: String?

        public init(tutorial: String, locale: String, edition: String = "current", findings: [Finding] = [], document: String = "", sourceDocument: String? = nil) {
            self.tutorial = tutorial
            self.locale = locale
            self.edition = edition
            self.findings = findings
            self.document = document
            self.sourceDocument = sourceDocument
        }
    }

    /// One drift finding with its location and diff.
    public struct Finding: Hashable, Sendable {
        /// `error`, `warning` or `note`.
        public var severity: String
        public var message: String
        /// `path:line:col`.
        public var location: String
        public var diff: [DiffLine]
        /// The rule's id (`code-drift`, `sentence-stale`…).
        public var rule: String
        /// What the finding says of its page's translation status; nil: nothing.
        public var effect: Effect?

        public init(severity: String = "warning", message: String, location: String, diff: [DiffLine] = [], rule: String = "", effect: Effect? = nil) {
            self.severity = severity
            self.message = message
            self.location = location
            self.diff = diff
            self.rule = rule
            self.effect = effect
        }
    }

    /// What a finding says of a translated page (the checks decide which rules say what): the worst
    /// effect among its findings is the page's state on the translation-status page.
    public enum Effect: String, Hashable, Sendable {
        case drifted, stale, fallback
    }
}
