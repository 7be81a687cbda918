import TutorialModel

extension TutorialPageBuilder {
    /// A section with its alerts, samples, figures and continuously numbered steps.
    func section(_ section: Section, number: Int, context: inout PageContext) -> SectionView {
        defer { if section.level >= 2 { context.headingLevel = min(max(2, section.level), context.headingLevel + 1) } }
        let fallback = isFallback(section.origin, context: context)
        let id = HTMLIdentifier.unique(HTMLIdentifier.make(section.id, fallback: "section-\(number + 1)"), in: &context.usedIDs)
        let samples = section.code.map { sample($0, fallback: fallback, context: &context) }
        let steps = section.steps.enumerated().map { index, step in
            self.step(step, slot: .init(section: number, step: index), sectionID: id, context: &context)
        }
        let firstStep = section.steps.first.map { ($0.origin.path, $0.line) }
        let before = section.paragraphs.filter { firstStep == nil || ($0.origin.path == firstStep!.0 && $0.line < firstStep!.1) }
        let after = section.paragraphs.filter { paragraph in !before.contains(paragraph) }
        return SectionView(
            id: id, title: section.title, isHeading: section.level >= 2, level: section.level,
            headingLevel: min(max(2, section.level), context.headingLevel + 1),
            lang: fallback ? plan.configuration.defaultLocale : nil,
            fallbackNote: fallback ? strings["notTranslated"] : nil,
            intro: prose(before, links: context.links),
            alerts: section.alerts.map(alert), samples: samples,
            figures: figures(in: .init(section: number, step: nil), context: context), steps: steps,
            outro: prose(after, links: context.links))
    }

    private func step(_ step: Step, slot: FigurePlacement.Slot, sectionID: String, context: inout PageContext) -> StepView {
        let fallback = isFallback(step.origin, context: context)
        return StepView(
            id: "\(sectionID)-step-\(step.ordinal)", ordinal: step.ordinal,
            spans: spans(of: step, links: context.links),
            alerts: step.alerts.map(alert),
            samples: step.code.map { sample($0, terms: step.terms, fallback: fallback, context: &context) },
            figures: figures(in: slot, context: context),
            details: prose(step.details, links: context.links))
    }

    /// The step's instruction as runs of text, code, emphasis, resolved links and sanitized HTML.
    func spans(of step: Step, links: LinkResolver) -> [SpanView] {
        guard !step.inlines.isEmpty else { return step.text.isEmpty ? [] : [SpanView(text: step.text, isText: true)] }
        return spans(step.inlines, links: links)
    }

    /// Paragraphs, with consecutive bullet items grouped into one list.
    func prose(_ paragraphs: [Paragraph], links: LinkResolver) -> [ProseBlock] {
        var blocks: [ProseBlock] = []
        for paragraph in paragraphs {
            if let table = paragraph.table {
                blocks.append(ProseBlock(isList: false, spans: [], items: [], table: self.table(table, links: links)))
                continue
            }
            let spans = spans(paragraph.inlines, links: links)
            if paragraph.listItem, let last = blocks.last, last.isList {
                blocks[blocks.count - 1].items.append(ProseItem(spans: spans))
            } else {
                blocks.append(paragraph.listItem ? ProseBlock(isList: true, spans: [], items: [ProseItem(spans: spans)]) : ProseBlock(isList: false, spans: spans, items: []))
            }
        }
        return blocks
    }

    private func table(_ table: Table, links: LinkResolver) -> TableView {
        let align = table.alignments.map { $0.isEmpty ? nil : $0 }
        func cells(_ row: [[InlineSpan]]) -> [TableView.Cell] {
            row.enumerated().map { column, cell in
                TableView.Cell(spans: spans(cell, links: links), align: column < align.count ? align[column] : nil)
            }
        }
        return TableView(header: cells(table.header), rows: table.rows.map { TableView.Row(cells: cells($0)) })
    }

    /// Inline spans as views. Inline HTML is sanitized as a run: from a tag that opens an element to
    /// the tag that closes it, with the markup between, so `<b>bold</b>` and
    /// `<a href="…">text</a>` keep their text inside the element.
    private func spans(_ inlines: [InlineSpan], links: LinkResolver) -> [SpanView] {
        var views: [SpanView] = []
        var index = 0
        while index < inlines.count {
            if let end = InlineHTMLRun.end(of: inlines, from: index) {
                let html = inlines[index...end].map { InlineHTMLRun.html(of: $0, links: links) }.joined()
                views.append(SpanView(text: "", html: sanitizer.sanitize(html)))
                index = end + 1
                continue
            }
            views.append(view(of: inlines[index], links: links))
            index += 1
        }
        return views
    }

    private func view(of inline: InlineSpan, links: LinkResolver) -> SpanView {
        switch inline.kind {
        case .text: SpanView(text: inline.text, isText: true)
        case .code: SpanView(text: inline.text, isCode: true)
        case .strong: SpanView(text: inline.text, isStrong: true)
        case .emphasis: SpanView(text: inline.text, isEmphasis: true)
        case .html: SpanView(text: "", html: sanitizer.sanitize(inline.text))
        case .link:
            links.resolve(inline.destination ?? "", text: inline.text).map { SpanView(text: inline.text, link: $0) }
                ?? SpanView(text: inline.text, isText: true)
        }
    }

    func alert(_ alert: Alert) -> AlertView {
        let label = alert.label ?? strings["alert" + alert.kind.capitalized] ?? alert.kind.capitalized
        return AlertView(kind: alert.kind, label: label, text: alert.text)
    }

    private func figures(in slot: FigurePlacement.Slot, context: PageContext) -> [FigureView] {
        context.figures.images(in: slot).map { image in
            FigureView(alt: image.alt.isEmpty ? nil : image.alt, reference: image.label, message: strings["figureMissing"] ?? "")
        }
    }

    /// Content from an include that fell back to the default locale.
    func isFallback(_ origin: Origin, context: PageContext) -> Bool {
        context.fallbackPaths.contains(origin.path)
    }
}
