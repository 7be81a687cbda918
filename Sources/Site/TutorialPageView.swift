/// What `tutorial.mustache` renders: one tutorial in one locale and edition.
struct TutorialPageView: Encodable {
    var chrome: PageChrome
    var title: String
    var description: String?
    var author: String?
    var date: DateView?
    var archived: ArchiveBanner?
    var selector: [LinkView]
    var toc: [TocEntry]
    var sections: [SectionView]
    var hasFallback: Bool
}

/// The parts every page shares: language, title, paths, strings, alternates.
struct PageChrome: Encodable {
    var lang: String
    var pageTitle: String
    /// The relative path from the page to the site root (`""`, `"../"`, …).
    var root: String
    var strings: [String: String]
    var alternates: [AlternateLink]
    var languages: [LanguageLink]
}

struct AlternateLink: Encodable {
    var hreflang: String
    var href: String
}

/// One entry of the language switcher.
struct LanguageLink: Encodable {
    var locale: String
    var name: String
    var href: String
    var current: Bool
}

struct DateView: Encodable {
    var text: String
    var iso: String?
}

struct ArchiveBanner: Encodable {
    var message: String
    var linkText: String
    var href: String?
}

struct TocEntry: Encodable {
    var id: String
    var title: String
    var lang: String?
}

struct LinkView: Encodable {
    var href: String
    var text: String
    var external: Bool
}

struct SectionView: Encodable {
    var id: String
    var title: String
    var isHeading: Bool
    /// The source heading level (2–6).
    var level: Int
    /// The level rendered (`<h2>`–`<h6>`): the source level, but never more than one below the
    /// heading before it, so the page's outline has no gaps.
    var headingLevel: Int
    /// A DocFX tab's label (`# [C#](#tab/csharp)`): shown as a heading, left out of the contents.
    var isTab: Bool
    /// `en-us` on fallback content shown in a translated page.
    var lang: String?
    var fallbackNote: String?
    /// The section's content in reading order.
    var blocks: [BlockView]
}

/// One block of a section or step, in the order the document has it; exactly one field is set.
struct BlockView: Encodable {
    var prose: ProseBlock?
    var alert: AlertView?
    var figure: FigureView?
    var sample: SampleView?
    /// Consecutive steps, shown as one numbered list.
    var stepList: StepListView?
}

struct StepListView: Encodable {
    var steps: [StepView]
}

/// A paragraph, a run of bullet items shown as one list, or a table.
struct ProseBlock: Encodable {
    var isList: Bool
    /// Inline HTML (see `SpanView`).
    var spans: String
    var items: [ProseItem]
    var table: TableView?
    /// A sanitized HTML block.
    var html: String?
    /// An image alone in its paragraph, shown as a figure.
    var figure: FigureView?
}

/// A pipe table: a header row and body rows of cells, each cell aligned as its column.
struct TableView: Encodable {
    struct Cell: Encodable {
        var spans: String
        /// `left`, `center` or `right`; nil for the default.
        var align: String?
    }

    struct Row: Encodable {
        var cells: [Cell]
    }

    var header: [Cell]
    var rows: [Row]
}

struct ProseItem: Encodable {
    var spans: String
}

struct StepView: Encodable {
    var id: String
    var ordinal: Int
    var spans: String
    /// What the step holds after its instruction, in reading order.
    var blocks: [BlockView]
}

/// A run of inline text; exactly one of the flags (or `link`, or `html`) applies.
///
/// Runs are written as HTML here, not by a template: a real site has millions of them, and a
/// template looking up six names for each was a third of the build. Text and attribute values
/// are escaped exactly as Mustache's `{{…}}` escapes them.
struct SpanView {
    var text: String
    var isText = false
    var isCode = false
    var isStrong = false
    var isEmphasis = false
    var link: LinkView?
    /// Sanitized raw HTML from the document.
    var html: String?
    /// What a link shows when it holds images, as HTML (instead of `text`).
    var inner: String?

    var rendered: String {
        if let html { return html }
        let text = HTMLEscaping.escape(self.text)
        if let link {
            let text = inner ?? text
            let href = HTMLEscaping.escape(link.href)
            return link.external ? "<a href=\"\(href)\" class=\"external\" rel=\"external\">\(text)</a>" : "<a href=\"\(href)\">\(text)</a>"
        }
        if isCode { return "<code>\(text)</code>" }
        if isStrong { return "<strong>\(text)</strong>" }
        if isEmphasis { return "<em>\(text)</em>" }
        return isText ? text : ""
    }

    static func html(_ spans: [SpanView]) -> String {
        spans.map(\.rendered).joined()
    }
}

struct AlertView: Encodable {
    var kind: String
    var label: String
    /// Plain text, shown when there are no blocks (placeholders for missing includes).
    var text: String
    var blocks: [ProseBlock]
    /// A labelled callout (note, tip, important, caution, warning, missing include); otherwise a
    /// DocFX block (checklist, next step, `[!div]`) or a quotation shown with its content.
    var isCallout: Bool
    var isQuote: Bool

    static let calloutKinds: Set<String> = ["note", "tip", "important", "caution", "warning", "missing"]
}

/// An image alone in a block: the `<img>` when it can be shown, else a placeholder with its alt
/// text or reference name.
struct FigureView: Encodable {
    var alt: String?
    var reference: String
    var message: String
    /// The image's `<img>` element, built and escaped in Swift (`PageImages`).
    var image: String?
}
