import TutorialModel

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
    var navigation: NavigationView?
    /// Where writers edit the document ("edit this page"); nil when the configuration has no `editURL`.
    var editURL: String?
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
    /// The absolute URL of the page search engines should index for this one (an archived edition's
    /// current page); nil on pages that are not documents.
    var canonical: String?
    /// The version switcher: every edition of the page in its locale (empty when there is one).
    var editions: [EditionLink] = []
    /// The header's search box, where the page's locale has an index.
    var search: SearchBox?

    init(lang: String, pageTitle: String, root: String, strings: [String: String], alternates: [AlternateLink], languages: [LanguageLink]) {
        self.lang = lang
        self.pageTitle = pageTitle
        self.root = root
        self.strings = strings
        self.alternates = alternates
        self.languages = languages
    }
}

/// One entry of the version switcher.
struct EditionLink: Encodable {
    var name: String
    var href: String
    var current: Bool
    var archived: Bool
}

/// The search box of a page's header: the index it loads (a script, so it works from `file://`)
/// and the way from the page to the site root, where results link.
struct SearchBox: Encodable {
    var index: String
    var locale: String
    var root: String
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
    /// The tutorial path a broken link names (no document of the site, not named as external): the
    /// link is shown as marked text, never sent elsewhere.
    var broken: String?
    /// An entry written without a link (a selector item): shown as its text.
    var plain = false
}

struct SectionView: Encodable {
    var id: String
    /// Ids of the anchors written among the section's blocks (`<a name="…">`), rendered as empty targets.
    var anchors: [String] = []
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
    /// Before arranging: a block of a list item, placed in its list by `OrderedBlock.arranged`.
    var listEntry: ListEntry?
    var alert: AlertView?
    var figure: FigureView?
    var sample: SampleView?
    /// Consecutive steps, shown as one numbered list.
    var stepList: StepListView?

    private enum CodingKeys: String, CodingKey { case prose, alert, figure, sample, stepList }
}

struct StepListView: Encodable {
    var steps: [StepView]
}

/// A paragraph, a list (items holding paragraphs and nested lists), a table or an HTML block.
struct ProseBlock: Encodable {
    var isList: Bool
    /// Inline HTML (see `SpanView`).
    var spans: String
    var items: [ProseItem]
    var table: TableView?
    /// A sanitized HTML block.
    var html: String?
    /// A numbered list (`<ol>`), with the number of its first item when that is not 1.
    var ordered = false
    var start: Int?
    /// An image alone in its paragraph, shown as a figure.
    var figure: FigureView?
    /// The level of a heading inside a quote or a list item (shown as a heading, outside the page's outline).
    var heading: Int?

    private enum CodingKeys: String, CodingKey { case isList, spans, table, html, figure, heading, events }

    /// A list is encoded as a flat run of events (open a list, open an item, its text, a block,
    /// close…), so templates render nested lists without a partial that includes itself.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isList, forKey: .isList)
        try container.encode(spans, forKey: .spans)
        try container.encodeIfPresent(table, forKey: .table)
        try container.encodeIfPresent(html, forKey: .html)
        try container.encodeIfPresent(figure, forKey: .figure)
        try container.encodeIfPresent(heading, forKey: .heading)
        if isList { try container.encode(events(), forKey: .events) }
    }

    func events() -> [ListEvent] {
        var events = [ListEvent(openList: true, ordered: ordered, start: start)]
        for item in items {
            events.append(ListEvent(openItem: true))
            if !item.spans.isEmpty { events.append(ListEvent(text: item.spans)) }
            for block in item.blocks {
                if block.isList { events += block.events() } else { events.append(ListEvent(block: block)) }
            }
            events.append(ListEvent(closeItem: true))
        }
        events.append(ListEvent(closeList: true, ordered: ordered))
        return events
    }

    init(isList: Bool, spans: String, items: [ProseItem], table: TableView? = nil, html: String? = nil) {
        self.isList = isList
        self.spans = spans
        self.items = items
        self.table = table
        self.html = html
    }

    /// A list made of one entry (nested to the entry's depth from `depth`).
    init(list entry: ListEntry, depth: Int) {
        self.init(isList: true, spans: "", items: [])
        ordered = entry.list.depth == depth && entry.list.ordered
        if ordered, entry.list.number != 1 { start = entry.list.number }
        _ = insert(entry, depth: depth)
    }

    /// Places a list entry in this list (whose depth is `depth`): a new item, a later block of the
    /// last item, or a block of a nested list. False when the entry starts another list here (a
    /// numbered list after a bulleted one, or the reverse).
    mutating func insert(_ entry: ListEntry, depth: Int) -> Bool {
        if entry.list.depth <= depth {
            if entry.list.continuation {
                if items.isEmpty { items.append(ProseItem(spans: "")) }
                items[items.count - 1].blocks.append(entry.content)
                return true
            }
            guard entry.list.ordered == ordered || items.isEmpty else { return false }
            items.append(ProseItem(entry.content))
            return true
        }
        if items.isEmpty { items.append(ProseItem(spans: "")) }
        let last = items.count - 1
        if let nested = items[last].blocks.indices.last, items[last].blocks[nested].isList,
            items[last].blocks[nested].insert(entry, depth: depth + 1) {
            return true
        }
        items[last].blocks.append(ProseBlock(list: entry, depth: depth + 1))
        return true
    }
}

/// One step of rendering a list: every key is present in each event so that a template never
/// reads an outer list's value by mistake.
struct ListEvent: Encodable {
    var openList = false
    var closeList = false
    var openItem = false
    var closeItem = false
    var ordered = false
    /// The number of an ordered list's first item when it is not 1.
    var start: Int?
    /// An item's first paragraph, as inline HTML.
    var text: String?
    /// A later block of an item: a paragraph, a table or an HTML block.
    var block: ProseBlock?
}

/// A block of a list item before it is placed in its list.
struct ListEntry {
    /// Where the model placed the block in its list.
    var list: ListPlacement
    /// The block itself: a paragraph, a table or an HTML block.
    var content: ProseBlock
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

/// An item of a list: its first paragraph's inline HTML, then its other blocks (paragraphs, tables,
/// nested lists).
struct ProseItem: Encodable {
    var spans: String
    var blocks: [ProseBlock] = []

    init(spans: String) {
        self.spans = spans
    }

    /// An item opened by `content`: a paragraph's inlines, or a table or HTML block as its first block.
    init(_ content: ProseBlock) {
        if content.table == nil, content.html == nil, !content.isList {
            self.init(spans: content.spans)
        } else {
            self.init(spans: "")
            blocks = [content]
        }
    }
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
        if let link, let broken = link.broken {
            return "<span class=\"link-broken\" title=\"\(HTMLEscaping.escape(broken))\">\(text)</span>"
        }
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
    /// Prose blocks and the code samples written in the alert, in order.
    var blocks: [BlockView]
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
