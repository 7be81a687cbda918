/// A callout: `> [!NOTE]`, `> [AZURE.NOTE]`, `> [AZURE.NOTE] **Important**: …`.
public struct Alert: Hashable, Sendable, Codable {
    /// `note`, `tip`, `important`, `caution` or `warning`; for other quotes `checklist`,
    /// `nextstepaction`, `div` (a DocFX `[!div]`, its class as label) or `quote`; `missing` for an
    /// include that could not be shown.
    public var kind: String
    /// An inline label such as "Important" or "Security Note", when the alert starts with one.
    public var label: String?
    public var text: String
    public var line: Int
    public var origin: Origin
    /// What the alert shows, as prose blocks (paragraphs, bullet items, tables) with their inline
    /// markup — links, code, emphasis — and the marker and label removed; empty for placeholders.
    public var blocks: [Paragraph] = []
}

/// A platform selector: links to the same tutorial for other platforms.
public struct PlatformSelector: Hashable, Sendable, Codable {
    /// `azure-selector`, `op-single-selector` or `html-div`.
    public var kind: String
    public var line: Int
    public var origin: Origin
    public var links: [Link]

    public struct Link: Hashable, Sendable, Codable {
        public var title: String
        public var url: String
    }
}

/// A reference-style image and what its reference resolves to.
public struct ImageReferenceInfo: Hashable, Sendable, Codable {
    public var label: String
    public var alt: String
    /// The definition's destination, or `nil` when the reference is undefined.
    public var destination: String?
    public var origin: Origin
}

/// An include directive and where it resolved.
public struct IncludeReference: Hashable, Sendable, Codable {
    public var name: String
    public var syntax: String
    /// The path as written.
    public var path: String
    /// The resolved file.
    public var resolvedTo: String
    /// True when the default locale's include stands in for a missing translation.
    public var fallback: Bool
    public var origin: Origin
    /// Why the include could not be followed (it is then shown as a placeholder); nil when it was read.
    public var problem: String?
}

/// A diagnostic in the model's JSON.
public struct DiagnosticInfo: Hashable, Sendable, Codable {
    public var id: String
    public var severity: String
    public var path: String?
    public var line: Int?
    public var column: Int?
    public var message: String
    public var fix: String?
}
