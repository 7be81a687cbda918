import CommonMark
import DocFXDialect

/// Builds the sections, steps and code samples of one file.
struct FragmentExtractor {
    let document: LoadedDocument
    let includeName: String?
    /// Headings of this level or above start a section: every level, so a step ends at the next
    /// heading of any level and code under an H3 is never attached to the step before it.
    var sectionLevel = 6
    let index: BlockIndex
    let analyzer = StepTextAnalyzer()
    /// Tells procedures from other numbered lists, in the document's language.
    let procedures: ProcedureRule
    /// The lines of the file's include directives, followed or not.
    let includeLines: Set<Int>

    init(document: LoadedDocument, includeName: String?) {
        self.document = document
        self.includeName = includeName
        self.index = BlockIndex(tree: document.tree, lines: document.normalized.lines)
        self.procedures = .forLocale(document.layout.locale(of: document.file.url) ?? document.metadata.contentLocale)
        self.includeLines = Set(document.includes.map(\.directive.line) + document.missingIncludes.map(\.directive.line))
    }

    func origin(_ line: Int) -> Origin {
        Origin(path: document.file.path, line: line, include: includeName)
    }

    func extract() -> Fragment {
        let blocks = document.tree.children
        let headings = blocks.enumerated().compactMap { offset, node -> (Int, MarkdownNode)? in
            if case .heading(let level) = node.kind, level <= sectionLevel { return (offset, node) }
            return nil
        }
        let lastLine = document.file.lines.count
        var preamble = emptySection(id: "", title: "", level: 0, line: 1)
        var sections: [Section] = []
        var nonStepLists: [LineSpan] = []
        let firstHeadingLine = headings.first.map { line(of: $0.1) } ?? lastLine + 1
        if firstHeadingLine > 1 {
            fill(&preamble, blocks: blocks.filter { line(of: $0) < firstHeadingLine }, lines: 1...max(1, firstHeadingLine - 1),
                 nonStepLists: &nonStepLists)
        }
        for (position, (offset, heading)) in headings.enumerated() {
            let start = line(of: heading)
            let nextOffset = position + 1 < headings.count ? headings[position + 1].0 : blocks.count
            let end = position + 1 < headings.count ? line(of: headings[position + 1].1) - 1 : lastLine
            var section = makeSection(heading, line: start)
            fill(&section, blocks: Array(blocks[(offset + 1)..<nextOffset]), lines: start...max(start, end),
                 nonStepLists: &nonStepLists)
            sections.append(section)
        }
        return Fragment(
            preamble: preamble, sections: sections, selectors: selectors(in: blocks), nonStepLists: nonStepLists,
            images: images(), links: links())
    }

    private func line(of node: MarkdownNode) -> Int { node.range?.start.line ?? 1 }

    private func emptySection(id: String, title: String, level: Int, line: Int) -> Section {
        Section(id: id, title: title, sourceTitle: nil, level: level, line: line, origin: origin(line),
                headingMissingSpace: false, anchor: nil, steps: [], code: [], alerts: [])
    }
}
