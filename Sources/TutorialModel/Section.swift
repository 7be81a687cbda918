/// A heading (of any level) and what follows it up to the next heading.
public struct Section: Hashable, Sendable, Codable {
    /// The `<a name>` anchor when present, else a slug of the title.
    public var id: String
    /// The title as displayed (anchors removed; the translation of a bilingual pair).
    public var title: String
    /// The source-language title of a bilingual heading.
    public var sourceTitle: String?
    public var level: Int
    /// The heading's line in `origin.path`.
    public var line: Int
    public var origin: Origin
    /// True for `#Title` written without a space.
    public var headingMissingSpace: Bool
    /// The explicit `<a name>` anchor, if any.
    public var anchor: String?
    public var steps: [Step]
    /// Code samples outside any step.
    public var code: [CodeSample]
    public var alerts: [Alert]
    /// Prose outside steps and alerts: paragraphs and bullet items, in order.
    public var paragraphs: [Paragraph] = []
    /// `<a name>`/`<a id>` anchors written among the section's blocks (not in its heading), in order.
    public var anchors: [String] = []
    /// The tab id when the heading is a DocFX tab (`# [C#](#tab/csharp)`): its title is the tab's label.
    public var tab: String?
}

/// Where a node came from: the file and line (an include file for included content).
public struct Origin: Hashable, Sendable, Codable {
    public var path: String
    public var line: Int
    /// The include's name when the node comes from an include file.
    public var include: String?

    public init(path: String, line: Int, include: String? = nil) {
        self.path = path
        self.line = line
        self.include = include
    }
}

/// The steps, samples, alerts and prose of a section, apart from its heading.
struct SectionContent {
    var steps: [Step] = []
    var code: [CodeSample] = []
    var alerts: [Alert] = []
    var paragraphs: [Paragraph] = []

    init() {}

    init(_ section: Section) {
        steps = section.steps
        code = section.code
        alerts = section.alerts
        paragraphs = section.paragraphs
    }

    /// Removes and returns what stands after `line` (lines of one file: before any include is spliced in).
    mutating func removeContent(after line: Int) -> SectionContent {
        var later = SectionContent()
        (steps, later.steps) = steps.split { $0.line <= line }
        (code, later.code) = code.split { $0.line <= line }
        (alerts, later.alerts) = alerts.split { $0.line <= line }
        (paragraphs, later.paragraphs) = paragraphs.split { $0.line <= line }
        return later
    }
}

extension Section {
    /// Removes and returns what the section writes after `line` (see `SectionContent.removeContent`).
    mutating func removeContent(after line: Int) -> SectionContent {
        var content = SectionContent(self)
        let later = content.removeContent(after: line)
        (steps, code, alerts, paragraphs) = (content.steps, content.code, content.alerts, content.paragraphs)
        return later
    }

    mutating func append(_ content: SectionContent) {
        steps += content.steps
        code += content.code
        alerts += content.alerts
        paragraphs += content.paragraphs
    }
}

extension Array {
    /// The elements for which `isFirst` holds and the others, each in order.
    fileprivate func split(_ isFirst: (Element) -> Bool) -> ([Element], [Element]) {
        var first: [Element] = [], second: [Element] = []
        for element in self {
            if isFirst(element) { first.append(element) } else { second.append(element) }
        }
        return (first, second)
    }
}
