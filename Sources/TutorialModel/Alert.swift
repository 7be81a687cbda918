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
    /// The alert's last line (its quote's, or the line before the next alert of the same quote).
    public var endLine: Int?
    public var origin: Origin
    /// What the alert shows, as prose blocks (paragraphs, bullet items, tables) with their inline
    /// markup — links, code, emphasis — and the marker and label removed; empty for placeholders.
    public var blocks: [Paragraph] = []
    /// What a `missing` placeholder stands for, for pages to say it in their language (`text` says it in English).
    public var placeholder: Placeholder?
}

/// An include or code reference that is not shown: what it was, and the id of the problem that says why.
public struct Placeholder: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case include, code
    }

    public var kind: Kind
    /// The include's or code reference's name, as written (may be empty).
    public var name: String
    /// The path as written.
    public var path: String
    /// `include-missing`, `code-ref-region`…; nil: the file could not be read.
    public var rule: String?

    public init(kind: Kind, name: String, path: String, rule: String?) {
        self.kind = kind
        self.name = name
        self.path = path
        self.rule = rule
    }
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

/// An image of the document (reference, inline or DocFX `:::image:::`) and what it resolves to.
public struct ImageReferenceInfo: Hashable, Sendable, Codable {
    /// How a reader sees the image.
    public enum Placement: String, Hashable, Sendable, Codable {
        /// Inside prose (a paragraph, list item, table cell, alert, link): shown where it stands.
        case inline
        /// Alone in an indented block (broken indentation made it a code block): shown as a figure.
        case figure
        /// Inside a code sample: code, not an image.
        case code
    }

    public var label: String
    public var alt: String
    /// The definition's destination (or the path as written), or `nil` when the reference is undefined.
    public var destination: String?
    public var origin: Origin
    public var column: Int?
    /// `reference`, `inline` or `docfx`.
    public var syntax: String?
    public var title: String?
    public var placement: Placement?
    /// The file the destination names (a display path, like an include's), when it is a local file
    /// inside the content root.
    public var resolvedTo: String?
    /// Why a local image cannot be shown (not found, outside the content root, a refused URL).
    public var problem: String?

    public init(label: String, alt: String, destination: String?, origin: Origin) {
        self.label = label
        self.alt = alt
        self.destination = destination
        self.origin = origin
    }
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
