import CommonMark
import DocFXDialect
import StepwiseDiagnostics

extension FragmentExtractor {
    /// A section for a heading: displayed title, `<a name>` anchor, source title of a bilingual heading.
    func makeSection(_ heading: MarkdownNode, line: Int) -> Section {
        guard case .heading(let level) = heading.kind else { preconditionFailure("not a heading") }
        let anchor = heading.descendants.lazy.filter { $0.kind == .htmlInline }
            .compactMap { HTMLAnchorName.first(in: $0.literal) }.first.map(String.init)
        let title = displayTitle(of: heading)
        let spans = document.normalized.spans(onLine: line)
        var section = Section(
            id: anchor ?? Slug.make(title), title: title,
            sourceTitle: spans.isEmpty ? nil : spans.map(\.source).joined(separator: " ").trimmingSpaces,
            level: level, line: line, origin: origin(line),
            headingMissingSpace: document.normalized.headingsMissingSpace.contains(line),
            anchor: anchor, steps: [], code: [], alerts: [])
        if anchor == nil, let source = section.sourceTitle { section.id = Slug.make(source) }
        let content = heading.children.filter { $0.kind != .htmlInline && !($0.kind == .text && $0.literal.trimmingSpaces.isEmpty) }
        if content.count == 1, case .link(let destination, _) = content[0].kind, destination.lowercased().hasPrefix("#tab/") {
            section.tab = String(destination.dropFirst("#tab/".count))
        }
        return section
    }

    /// The `<a name>`/`<a id>` anchors of raw HTML among `blocks` and their inlines, in order.
    func anchors(in blocks: [MarkdownNode]) -> [String] {
        var found: [String] = []
        for index in blocks.indices { Self.collectAnchors(in: blocks[index], into: &found) }
        return found
    }

    /// The anchors of `node` and the nodes below it, in document order; each node read where it is
    /// (a converted tree is at most `CommonMarkConverter.maximumDepth` levels deep).
    private static func collectAnchors(in node: MarkdownNode, into found: inout [String]) {
        // Kinds matched by pattern, not compared: `==` copies both kinds on every node.
        switch node.kind {
        case .htmlBlock, .htmlInline:
            if mayHoldAnchor(node.literal) {
                found += node.literal.matches(of: standaloneAnchorRegex).map { String($0.output.id) }
            }
        default: break
        }
        for index in node.children.indices { collectAnchors(in: node.children[index], into: &found) }
    }

    /// False when `standaloneAnchorRegex` cannot match `html`: every match starts with `<` and a
    /// character that is `a` or `A` (no other character folds to them), whose bytes follow each other.
    static func mayHoldAnchor(_ html: String) -> Bool {
        html.utf8ByteRange(of: "<a") != nil || html.utf8ByteRange(of: "<A") != nil
    }

    /// A heading's text as displayed, without HTML markup (anchors); a tag that is not HTML
    /// (`<Optional>`, `<SID>`) is text.
    func displayTitle(of heading: MarkdownNode) -> String {
        heading.children.filter { $0.kind != .htmlInline || !HTMLElements.isMarkup($0.literal) }.map(\.plainText).joined().trimmingSpaces
    }

    /// Fills a section from its blocks: steps from procedure lists, code samples, alerts.
    func fill(
        _ section: inout Section, blocks: [MarkdownNode], lines: ClosedRange<Int>,
        nonStepLists: inout [LineSpan]
    ) {
        let (items, stepBlocks) = stepItems(in: blocks, nonStepLists: &nonStepLists)
        section.anchors = anchors(in: blocks)
        let assembler = CodeSampleAssembler(document: document, index: index, origin: origin)
        // The lines outside steps: before the first step, and after a step where the section's prose resumes.
        var outsideSteps: [ClosedRange<Int>] = []
        let firstStepLine = items.first?.line ?? lines.upperBound + 1
        if lines.lowerBound + 1 < firstStepLine {
            outsideSteps.append((lines.lowerBound + 1)...(firstStepLine - 1))
        }
        // The top-level blocks that are not steps, in order: prose among them ends the step before.
        let others = blocks.enumerated().compactMap { offset, block in
            stepBlocks.contains(offset) ? nil : block.range.map { (line: $0.start.line, block: block) }
        }
        var nextOther = 0
        for (position, item) in items.enumerated() {
            let end = position + 1 < items.count ? items[position + 1].line - 1 : lines.upperBound
            var region = CodeSampleAssembler.Region(lines: item.line...max(item.line, end), contentColumn: item.column, stepLine: item.line)
            // A step's lines end before the first prose or include the section writes at the margin
            // after it (a sentence after the list, "Output:"): what follows is the section's again.
            // An indented sentence is the step's continuation that lost its indentation; code that
            // CommonMark read as a paragraph (a sample the Markdown broke) is not prose.
            while nextOther < others.count, others[nextOther].line <= item.line { nextOther += 1 }
            let candidates = others[nextOther...].prefix { $0.line <= end }.filter { $0.block.range?.start.column == 1 }
            if !candidates.isEmpty {
                let code = assembler.codeRuns(in: region).map { $0[0]...$0[$0.count - 1] }
                if let prose = candidates.first(where: { includeLines.contains($0.line) || !self.prose(in: [$0.block], excluding: code).isEmpty }) {
                    region.lines = item.line...(prose.line - 1)
                    outsideSteps.append(prose.line...end)
                }
            }
            var step = if let html = item.html {
                makeStep(html, region: region, assembler: assembler)
            } else {
                makeStep(item.node, line: item.line, subItems: item.subItems, region: region, assembler: assembler)
            }
            step.endLine = max(item.line, lastNonBlank(upTo: region.lines.upperBound))
            section.steps.append(step)
        }
        for lines in outsideSteps {
            let region = CodeSampleAssembler.Region(lines: lines, contentColumn: 0, stepLine: nil)
            section.code += samples(assembler, runs: assembler.codeRuns(in: region), region: region, context: .init())
        }
        section.alerts = alerts(in: blocks)
        let stray = strayAlerts(assembler.strayQuotes(in: lines))
        if !stray.isEmpty {
            // In line order; the alerts of one quote keep theirs.
            section.alerts = (section.alerts + stray).enumerated()
                .sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        }
        placeCodeReferences(&section, lines: lines)
        distributeAlerts(&section)
        section.paragraphs = prose(in: blocks, excluding: codeLines(section.code + section.steps.flatMap(\.code)), stepBlocks: stepBlocks)
        moveContinuations(&section, indented: others.compactMap { other in
            other.block.range.flatMap { $0.start.column > 1 ? $0.start.line...max($0.start.line, $0.end.line) : nil }
        })
    }

    /// A list item that is a step: its node (or HTML item), line, text column and sub-steps.
    typealias StepItem = (node: MarkdownNode, html: HTMLOrderedList.Item?, line: Int, column: Int, subItems: [MarkdownNode])

    /// The step items among a section's top-level blocks, and the offsets of the blocks that are
    /// steps (decided once: the prose leaves them out). Numbered lists that are not procedures are
    /// added to `nonStepLists`.
    private func stepItems(in blocks: [MarkdownNode], nonStepLists: inout [LineSpan]) -> (items: [StepItem], stepBlocks: Set<Int>) {
        var items: [StepItem] = []
        var stepBlocks = Set<Int>()
        for (offset, block) in blocks.enumerated() {
            if let list = htmlSteps(block, after: offset > 0 ? blocks[offset - 1] : nil) {
                stepBlocks.insert(offset)
                items += list.items.map { (block, $0, $0.line, 0, []) }
                continue
            }
            guard case .list(let info) = block.kind, info.ordered else { continue }
            guard procedures.isProcedure(block, after: offset > 0 ? blocks[offset - 1] : nil) else {
                if let range = block.range {
                    nonStepLists.append(LineSpan(path: document.file.path, line: range.start.line, endLine: lastNonBlank(upTo: range.end.line)))
                }
                continue
            }
            stepBlocks.insert(offset)
            // Items indented past the list's first marker whose numbers restart ("1.  Do this:" then
            // "   1. …" "   2. …", indented too little to nest) are sub-steps of the item above.
            let base = block.children.first?.range?.start.column ?? 1
            var parentNumber: Int?
            var inSubSteps = false
            for item in block.children {
                guard let range = item.range else { continue }
                let number = shownNumber(atLine: range.start.line)
                if range.start.column > base, let parent = parentNumber, inSubSteps || number <= parent {
                    inSubSteps = true
                    items[items.count - 1].subItems.append(item)
                    continue
                }
                inSubSteps = false
                parentNumber = number
                let column = (item.children.first?.range?.start.column ?? range.start.column + 3) - 1
                items.append((item, nil, range.start.line, column, []))
            }
        }
        return (items, stepBlocks)
    }

    /// Moves the section's prose written indented among a step's lines (`indented`: the line ranges
    /// of the indented top-level blocks, in order) into that step: a sentence or a bullet list there
    /// is the step's continuation that lost its indentation (a damaged document), shown where it stands.
    private func moveContinuations(_ section: inout Section, indented: [ClosedRange<Int>]) {
        var paragraphs: [Paragraph] = []
        // The prose comes in line order: the indented block and the step are found walking forward.
        var nextIndented = 0, nextStep = 0
        for paragraph in section.paragraphs {
            while nextIndented < indented.count, indented[nextIndented].upperBound < paragraph.line { nextIndented += 1 }
            while nextStep < section.steps.count, section.steps[nextStep].endLine < paragraph.line { nextStep += 1 }
            if paragraph.heading == nil, nextIndented < indented.count, indented[nextIndented].contains(paragraph.line),
                nextStep < section.steps.count, section.steps[nextStep].holds(paragraph.line) {
                section.steps[nextStep].details.append(paragraph)
            } else {
                paragraphs.append(paragraph)
            }
        }
        section.paragraphs = paragraphs
    }

    private func lastNonBlank(upTo line: Int) -> Int {
        var line = line
        while line > 1, document.normalized.originalLine(line).isBlank { line -= 1 }
        return line
    }

    /// The steps of an HTML block that is an ordered list of instructions (`<ol start="6"><li>…`).
    private func htmlSteps(_ block: MarkdownNode, after previous: MarkdownNode?) -> HTMLOrderedList? {
        guard block.kind == .htmlBlock, let line = block.range?.start.line,
            let list = HTMLOrderedList(html: block.literal, firstLine: line),
            procedures.isProcedure(itemTexts: list.items.map(\.text), after: previous)
        else { return nil }
        return list
    }

    /// A step written as an HTML list item: its text as a reader reads it, its content shown as
    /// sanitized HTML, its terms from `<code>`/`<b>`/`<strong>` (and backticks left as written).
    private func makeStep(_ item: HTMLOrderedList.Item, region: CodeSampleAssembler.Region, assembler: CodeSampleAssembler) -> Step {
        let file = analyzer.targetFile(in: item.text)
        let code = samples(assembler, runs: assembler.codeRuns(in: region), region: region,
                           context: .init(file: file, action: analyzer.action(in: item.text)))
        let terms = item.html.matches(of: htmlTermRegex).compactMap { match in
            (match.output.tagged ?? match.output.ticked).map { String($0).trimmingSpaces }
        }
        return Step(
            ordinal: 0, shownNumber: item.number, line: item.line, origin: origin(item.line), text: item.text,
            inlines: [InlineSpan(kind: .html, text: item.html)], sourceText: nil,
            terms: terms.filter { !$0.isEmpty }, code: code, alerts: [])
    }

    /// The number an ordered list item shows, as written on its line (0 when it cannot be read).
    private func shownNumber(atLine line: Int) -> Int {
        // Spaces, digits, then `.` or `)`: what `\s*(\d+)[.)]` reads at the start of the line (a digit
        // outside ASCII could be read by the pattern but never by `Int`: 0 either way).
        let text = document.normalized.originalLine(line).drop(while: \.isWhitespace)
        let digits = text.prefix { $0.isASCII && $0.isWholeNumber }
        guard let marker = text.dropFirst(digits.count).first, marker == "." || marker == ")" else { return 0 }
        return Int(digits) ?? 0
    }

    private func makeStep(
        _ item: MarkdownNode, line: Int, subItems: [MarkdownNode], region: CodeSampleAssembler.Region, assembler: CodeSampleAssembler
    ) -> Step {
        let paragraph = item.children.first { $0.kind == .paragraph }
        let runs = assembler.codeRuns(in: region)
        // Code folded into the step's paragraph ends the instruction where it starts.
        let paragraphEnd = paragraph?.range?.end.line ?? line
        let textEnd = min(paragraphEnd, (runs.first?.first).map { $0 - 1 } ?? paragraphEnd)
        let text = stepText(paragraph, through: textEnd)
        let inlines = stepInlines(paragraph, through: textEnd)
        let spans = (line...max(line, textEnd)).flatMap(document.normalized.spans(onLine:))
        let sourceText = spans.isEmpty ? nil : spans.map(\.source).joined(separator: " ")
        let file = analyzer.targetFile(in: text) ?? sourceText.flatMap(analyzer.targetFile(in:))
        let action = analyzer.action(in: text) ?? sourceText.flatMap(analyzer.action(in:))
        let shown = shownNumber(atLine: line)
        let code = samples(assembler, runs: runs, region: region, context: .init(file: file, action: action))
        let terms = (paragraph?.descendants ?? []).filter { [.code, .strong, .emphasis].contains($0.kind) }.map { $0.plainText.trimmingSpaces }
        var step = Step(
            ordinal: 0, shownNumber: shown, line: line, origin: origin(line), text: text, inlines: inlines, sourceText: sourceText,
            terms: terms.filter { !$0.isEmpty }, code: code, alerts: [])
        let rest = paragraph.map { first in Array(item.children.drop { $0 != first }.dropFirst()) } ?? item.children
        step.details = prose(in: rest, excluding: codeLines(code) + [line...textEnd])
            + itemBlocks(subItems.map { ($0, shownNumber(atLine: $0.range?.start.line ?? line)) }, ordered: true, depth: 0, excluding: codeLines(code))
        return step
    }

    /// The text of the paragraph's inlines on its lines up to `lastLine` (soft breaks count lines).
    private func stepText(_ paragraph: MarkdownNode?, through lastLine: Int) -> String {
        guard let paragraph, var line = paragraph.range?.start.line else { return "" }
        var text = ""
        for child in paragraph.children {
            if child.kind == .softBreak || child.kind == .lineBreak { line += 1 }
            if line > lastLine { break }
            text += child.plainText
        }
        return text.trimmingSpaces
    }

    /// The inline spans of the paragraph up to `lastLine`, like `stepText`.
    private func stepInlines(_ paragraph: MarkdownNode?, through lastLine: Int) -> [InlineSpan] {
        guard let paragraph, var line = paragraph.range?.start.line else { return [] }
        var nodes: [MarkdownNode] = []
        for child in paragraph.children {
            if child.kind == .softBreak || child.kind == .lineBreak { line += 1 }
            if line > lastLine { break }
            nodes.append(child)
        }
        return InlineSpan.spans(of: nodes)
    }

    private func samples(
        _ assembler: CodeSampleAssembler, runs: [[Int]], region: CodeSampleAssembler.Region,
        context: CodeSampleAssembler.StepContext
    ) -> [CodeSample] {
        runs.map { assembler.sample(for: $0, region: region, context: context) }
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) let standaloneAnchorRegex = /<a\s+(?:[^>]{0,200}\s)?(?:name|id)\s*=\s*["'](?<id>[^"']+)["']/.ignoresCase()
nonisolated(unsafe) private let htmlTermRegex = /<(?:code|b|strong)>(?<tagged>[^<]+)<\/(?:code|b|strong)>|`(?<ticked>[^`]+)`/
