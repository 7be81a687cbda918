/// What the drift checks say about one code sample: shown as the sample's badge.
public struct SampleVerification: Hashable, Sendable {
    public enum Status: String, Hashable, Sendable, CaseIterable {
        /// The sample is the same as in the source document (or is the source).
        case matchesSource = "matches-source"
        /// The source markdown broke the sample and it was repaired.
        case repaired
        /// The sample differs from the source.
        case drift
        /// The default locale's sample stands in for a missing translation.
        case fallback
        /// Nothing checked this sample.
        case unverified
    }

    public var status: Status
    /// What was wrong or what was compared, for the reader ("restored from the English source: …"),
    /// in English: shown when the interface strings have no `message`.
    public var note: String
    /// The note as interface strings: shown in the page's language.
    public var message: NoteMessage?
    /// The token diff against the source, for `drift`.
    public var diff: [DiffLine]
    /// The code to show instead of the document's, when the checks restored it from the source
    /// (a machine-translated sample that cannot be recovered from the page itself).
    public var replacementText: String?

    public init(status: Status, note: String = "", message: NoteMessage? = nil, diff: [DiffLine] = [], replacementText: String? = nil) {
        self.status = status
        self.note = note
        self.message = message
        self.diff = diff
        self.replacementText = replacementText
    }
}

/// A badge note as interface strings: the string `key` of `templates/strings/<locale>.yml` with its
/// `{placeholders}` filled from `values`, and from `phrases` — placeholders whose text is itself an
/// interface string (`{what}` → `damageSplit`), filled in turn from `values`, where `name.x` is the
/// phrase `name`'s own `{x}` (two phrases `codeFromFile` each naming their file).
public struct NoteMessage: Hashable, Sendable {
    public var key: String
    public var values: [String: String]
    public var phrases: [String: String]

    public init(_ key: String, values: [String: String] = [:], phrases: [String: String] = [:]) {
        self.key = key
        self.values = values
        self.phrases = phrases
    }

    /// The message in `strings`, nil when they have no `key` (or a phrase's key).
    public func text(in strings: [String: String]) -> String? {
        guard var text = strings[key] else { return nil }
        for (name, phraseKey) in phrases.sorted(by: { $0.key < $1.key }) {
            guard let phrase = strings[phraseKey] else { return nil }
            var own = values
            for (key, value) in values where key.hasPrefix(name + ".") { own[String(key.dropFirst(name.count + 1))] = value }
            text = text.replacingEvery("{\(name)}", with: Self.fill(phrase, own))
        }
        return Self.fill(text, values)
    }

    private static func fill(_ text: String, _ values: [String: String]) -> String {
        values.sorted { $0.key < $1.key }.reduce(text) { $0.replacingEvery("{\($1.key)}", with: $1.value) }
    }
}

/// One line of a diff between a sample and its source.
public struct DiffLine: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case context, added, removed
    }

    public var kind: Kind
    public var text: String

    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }
}

/// Identifies one code sample: the tutorial document's `source` path and the sample's `CodeSample.id`.
public struct SampleKey: Hashable, Sendable {
    public var source: String
    public var sample: String

    public init(source: String, sample: String) {
        self.source = source
        self.sample = sample
    }
}

/// Where the site builder gets a sample's verification from.
public protocol SampleVerificationProvider: Sendable {
    /// The verification of a sample, or `nil` when nothing checked it.
    func verification(for key: SampleKey) -> SampleVerification?
}

extension Dictionary: SampleVerificationProvider where Key == SampleKey, Value == SampleVerification {
    public func verification(for key: SampleKey) -> SampleVerification? { self[key] }
}
