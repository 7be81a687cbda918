import TutorialModel

extension TutorialPageBuilder {
    /// A section with its prose, alerts, samples, figures and continuously numbered steps, in the
    /// order the document has them (`ReadingOrder`): the page is the document.
    func section(_ section: Section, number: Int, context: inout PageContext) -> SectionView {
        // The page title is the first H1; a later H1 is a heading like an H2. A DocFX tab's label
        // is a heading one level below the content heading it sits under, and not in the contents.
        let isTitle = section.level == 1 && section.tab == nil && !context.titleSeen
        if isTitle { context.titleSeen = true }
        let level = section.tab != nil ? min(6, context.headingLevel + 1) : max(2, section.level)
        let isHeading = section.level >= 1 && !isTitle
        let rendered = section.tab != nil ? level : min(level, context.headingLevel + 1)
        defer { if isHeading && section.tab == nil { context.headingLevel = rendered } }
        let fallback = isFallback(section.origin, context: context)
        let id = context.anchors.sectionIDs[number]
        var entries: [OrderedBlock] = []
        entries += samplesAndAlerts(section.code, alerts: section.alerts, terms: [], fallback: fallback, context: &context)
        entries += figures(in: .init(section: number, step: nil), context: context)
        entries += prose(section.paragraphs, links: context.links, images: context.images, order: context.order)
        for (index, step) in section.steps.enumerated() {
            let view = self.step(step, slot: .init(section: number, step: index), sectionID: id, context: &context)
            entries.append(OrderedBlock(at: step.origin, order: context.order, BlockView(stepList: StepListView(steps: [view]))))
        }
        return SectionView(
            id: id, anchors: context.anchors.extraIDs[number], title: section.title, isHeading: isHeading, level: level, headingLevel: rendered, isTab: section.tab != nil,
            lang: fallback ? plan.configuration.defaultLocale : nil,
            fallbackNote: fallback ? strings["notTranslated"] : nil,
            blocks: OrderedBlock.arranged(entries))
    }

    /// A step's view: its instruction, then its samples, alerts, figures and prose in reading order.
    private func step(_ step: Step, slot: FigurePlacement.Slot, sectionID: String, context: inout PageContext) -> StepView {
        let fallback = isFallback(step.origin, context: context)
        var entries: [OrderedBlock] = []
        entries += samplesAndAlerts(step.code, alerts: step.alerts, terms: step.terms, fallback: fallback, context: &context)
        entries += figures(in: slot, context: context)
        entries += prose(step.details, links: context.links, images: context.images, order: context.order)
        return StepView(
            id: PageAnchors.stepID(step, section: sectionID), ordinal: step.ordinal,
            spans: spans(of: step, links: context.links.writtenIn(step.origin), images: context.images.in(step.origin.path)), blocks: OrderedBlock.arranged(entries))
    }

    /// The step's instruction as HTML: runs of text, code, emphasis, resolved links and sanitized HTML.
    func spans(of step: Step, links: LinkResolver, images: FileImages) -> String {
        guard !step.inlines.isEmpty else { return HTMLEscaping.escape(step.text) }
        return spans(step.inlines, links: links, images: images)
    }

    /// Paragraphs, each placed in reading order (blocks of list items next to each other are
    /// grouped into one list, nested as in the document, when the blocks are arranged); an image
    /// alone in its paragraph is a figure.
    func prose(_ paragraphs: [Paragraph], links: LinkResolver, images: PageImages, order: ReadingOrder) -> [OrderedBlock] {
        paragraphs.flatMap { paragraph -> [OrderedBlock] in
            let links = links.writtenIn(paragraph.origin)
            var blocks: [ProseBlock]
            if let figures = Self.figures(paragraph) {
                blocks = figures.map { image in
                    var block = ProseBlock(isList: false, spans: "", items: [])
                    block.figure = images.figure(image, in: paragraph.origin.path)
                    return block
                }
            } else {
                let images = images.in(paragraph.origin.path)
                if let html = paragraph.html {
                    blocks = [ProseBlock(isList: false, spans: "", items: [], html: sanitizer.sanitize(html, images: images.source, missing: images.placeholder))]
                } else if let table = paragraph.table {
                    blocks = [ProseBlock(isList: false, spans: "", items: [], table: self.table(table, links: links, images: images))]
                } else {
                    var block = ProseBlock(isList: false, spans: spans(paragraph.inlines, links: links, images: images), items: [])
                    block.heading = paragraph.heading
                    // A paragraph that shows nothing (only an anchor, whose id the page gives elsewhere) is left out.
                    blocks = paragraph.list == nil && block.spans.allSatisfy(\.isWhitespace) ? [] : [block]
                }
            }
            guard let list = paragraph.list else { return blocks.map { OrderedBlock(prose: paragraph, order: order, BlockView(prose: $0)) } }
            // A list block is one block (figures are only made of paragraphs outside lists).
            return blocks.map { OrderedBlock(prose: paragraph, order: order, BlockView(listEntry: ListEntry(list: list, content: $0))) }
        }
    }

    /// The images of a paragraph that holds nothing else (not a list item): shown as figures.
    static func figures(_ paragraph: Paragraph) -> [InlineSpan]? {
        guard !paragraph.listItem, paragraph.table == nil, paragraph.html == nil else { return nil }
        let images = paragraph.inlines.filter { $0.kind == .image }
        guard !images.isEmpty, paragraph.inlines.allSatisfy({ $0.kind == .image || ($0.kind == .text && $0.text.allSatisfy(\.isWhitespace)) }) else { return nil }
        return images
    }

    private func table(_ table: Table, links: LinkResolver, images: FileImages) -> TableView {
        let align = table.alignments.map { $0.isEmpty ? nil : $0 }
        func cells(_ row: [[InlineSpan]]) -> [TableView.Cell] {
            row.enumerated().map { column, cell in
                TableView.Cell(spans: spans(cell, links: links, images: images), align: column < align.count ? align[column] : nil)
            }
        }
        return TableView(header: cells(table.header), rows: table.rows.map { TableView.Row(cells: cells($0)) })
    }

    /// Inline spans as HTML. Inline HTML is sanitized as a run: from a tag that opens an element to
    /// the tag that closes it, with the markup between, so `<b>bold</b>` and
    /// `<a href="…">text</a>` keep their text inside the element.
    private func spans(_ inlines: [InlineSpan], links: LinkResolver, images: FileImages) -> String {
        var views: [SpanView] = []
        let closings = InlineHTMLRun.closings(in: inlines)
        var index = 0
        while index < inlines.count {
            if let end = closings[index] {
                let html = inlines[index...end].map { InlineHTMLRun.html(of: $0, links: links, images: images) }.joined()
                views.append(SpanView(text: "", html: sanitizer.sanitize(html, images: images.source, missing: images.placeholder)))
                index = end + 1
                continue
            }
            views.append(view(of: inlines[index], links: links, images: images))
            index += 1
        }
        return SpanView.html(views)
    }

    private func view(of inline: InlineSpan, links: LinkResolver, images: FileImages) -> SpanView {
        switch inline.kind {
        case .text: SpanView(text: inline.text, isText: true)
        case .code: SpanView(text: inline.text, isCode: true)
        case .strong: SpanView(text: inline.text, isStrong: true)
        case .emphasis: SpanView(text: inline.text, isEmphasis: true)
        case .html: SpanView(text: "", html: sanitizer.sanitize(inline.text, images: images.source, missing: images.placeholder))
        case .image: SpanView(text: "", html: images.html(inline))
        case .link:
            link(inline, links: links, images: images)
        }
    }

    /// A link; one holding images (`[![alt](a.png)](https://…)`) shows them inside the link.
    private func link(_ inline: InlineSpan, links: LinkResolver, images: FileImages) -> SpanView {
        guard let link = links.resolve(inline.destination ?? "", text: inline.text) else {
            guard let children = inline.children else { return SpanView(text: inline.text, isText: true) }
            return SpanView(text: "", html: spans(children, links: links, images: images))
        }
        var view = SpanView(text: inline.text, link: link)
        if let children = inline.children { view.inner = spans(children, links: links, images: images) }
        return view
    }

    /// The samples and alerts of a section or a step, each in its place: a sample written inside an
    /// alert (code in the quote) is shown in the alert.
    private func samplesAndAlerts(
        _ code: [CodeSample], alerts: [Alert], terms: [String], fallback: Bool, context: inout PageContext
    ) -> [OrderedBlock] {
        let placed = Self.placing(code, in: alerts)
        var entries = placed.outside.map { OrderedBlock(at: $0.origin, order: context.order, BlockView(sample: sample($0, terms: terms, fallback: fallback, context: &context))) }
        for (index, shown) in alerts.enumerated() {
            let samples = (placed.inside[index] ?? []).map { ($0, sample($0, terms: terms, fallback: fallback, context: &context)) }
            entries.append(OrderedBlock(at: shown.origin, order: context.order, BlockView(alert: alert(shown, samples: samples, links: context.links, images: context.images))))
        }
        return entries
    }

    /// The samples written inside one of `alerts` (code in the quote: shown in the alert), by the
    /// alert's index, and the others.
    static func placing(_ samples: [CodeSample], in alerts: [Alert]) -> (inside: [Int: [CodeSample]], outside: [CodeSample]) {
        var inside: [Int: [CodeSample]] = [:]
        var outside: [CodeSample] = []
        for sample in samples {
            let holder = alerts.firstIndex { alert in
                alert.origin.path == sample.origin.path && alert.line <= sample.line && sample.line <= (alert.endLine ?? alert.line)
            }
            if let holder { inside[holder, default: []].append(sample) } else { outside.append(sample) }
        }
        return (inside, outside)
    }

    /// An alert with its label and its content in order: prose (links, code spans and lists kept)
    /// and the code samples written in it.
    func alert(_ alert: Alert, samples: [(CodeSample, SampleView)] = [], links: LinkResolver, images: PageImages) -> AlertView {
        let order = ReadingOrder()
        let blocks = OrderedBlock.arranged(
            prose(alert.blocks, links: links, images: images, order: order)
                + samples.map { OrderedBlock(at: $0.0.origin, order: order, BlockView(sample: $0.1)) })
        guard AlertView.calloutKinds.contains(alert.kind) else {
            return AlertView(kind: alert.kind, label: alert.label ?? "", text: alert.text, blocks: blocks, isCallout: false, isQuote: alert.kind == "quote")
        }
        let label = alert.label ?? strings["alert" + alert.kind.capitalized] ?? alert.kind.capitalized
        let text = alert.placeholder.flatMap { Self.placeholderText($0, strings) } ?? alert.text
        return AlertView(kind: alert.kind, label: label, text: text, blocks: blocks, isCallout: true, isQuote: false)
    }

    /// What a placeholder says in `strings`: `placeholderInclude`, `placeholderCode` or
    /// `placeholderNamedCode`, with `{name}`, `{path}` and `{reason}` — the problem's own string
    /// (`reasonIncludeMissing`…), else `reasonUnreadable`. Nil when `strings` have no sentence for it.
    static func placeholderText(_ placeholder: Placeholder, _ strings: [String: String]) -> String? {
        let key = switch placeholder.kind {
        case .include: "placeholderInclude"
        case .code: placeholder.name.isEmpty ? "placeholderCode" : "placeholderNamedCode"
        }
        guard let sentence = strings[key], let reason = placeholder.rule.flatMap({ strings[InterfaceStrings.key("reason", id: $0)] }) ?? strings["reasonUnreadable"] else {
            return nil
        }
        return sentence.replacingEvery("{name}", with: placeholder.name).replacingEvery("{path}", with: placeholder.path)
            .replacingEvery("{reason}", with: reason)
    }

    private func figures(in slot: FigurePlacement.Slot, context: PageContext) -> [OrderedBlock] {
        context.figures.images(in: slot).map { image in
            OrderedBlock(at: image.origin, order: context.order, BlockView(
                figure: context.images.figure(image)))
        }
    }

    /// Content from an include that fell back to the default locale.
    func isFallback(_ origin: Origin, context: PageContext) -> Bool {
        context.fallbackPaths.contains(origin.path)
    }
}
