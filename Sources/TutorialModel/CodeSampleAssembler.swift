import CommonMark
import DocFXDialect

/// Reassembles the code samples of one step (or of a section outside its steps).
///
/// Code-block lines are code. Lines CommonMark read as paragraphs or list items count as code when
/// they read as code and either sit at the code-block column (a sample folded into the step's text)
/// or continue a run of code deeper than the step's text (a sample split by broken indentation).
/// A sample is a run of code lines with nothing but blank lines between them.
struct CodeSampleAssembler {
    let document: LoadedDocument
    let index: BlockIndex
    let origin: (Int) -> Origin

    /// A region: the lines of a step (its own line first) or of a section outside steps.
    struct Region {
        var lines: ClosedRange<Int>
        /// The indentation of the step's text (0 outside lists).
        var contentColumn: Int
        /// The step's own line, never code, or `nil` outside steps.
        var stepLine: Int?
    }

    private enum LineKind: Equatable {
        case blank, prose, code(leaf: Int), candidate(leaf: Int, indent: Int), fence
    }

    /// The runs of code lines in `region`, as line lists.
    func codeRuns(in region: Region) -> [[Int]] {
        var kinds = region.lines.map { classify($0, region: region) }
        markFencesInProse(&kinds, region: region)
        promoteCandidates(&kinds, region: region, order: Array(kinds.indices))
        promoteCandidates(&kinds, region: region, order: kinds.indices.reversed())
        fillGaps(&kinds, region: region)
        var runs: [[Int]] = []
        var current: [Int] = []
        var currentFence: Int?
        for (offset, kind) in kinds.enumerated() {
            let line = region.lines.lowerBound + offset
            switch kind {
            case .blank:
                continue
            case .code(let leaf):
                let fenced = isFenced(leaf) || index.leaves[leaf].isPreformatted
                if !current.isEmpty, fenced || currentFence != nil, currentFence != leaf {
                    runs.append(current)
                    current = []
                }
                currentFence = fenced ? leaf : nil
                current.append(line)
            default:
                if !current.isEmpty { runs.append(current) }
                current = []
                currentFence = nil
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    private func isFenced(_ leaf: Int) -> Bool {
        index.leaves[leaf].isFenced
    }

    /// An indented code block holding only Markdown images (`![alt][ref]`): media that broken
    /// indentation pushed into a code block, which a reader sees as a picture, not code.
    private func isIndentedMedia(_ leaf: Int) -> Bool {
        let node = index.leaves[leaf]
        guard !isFenced(leaf) else { return false }
        return (node.firstLine...node.lastLine).allSatisfy { line in
            let text = document.normalized.normalizedLine(line).trimmingSpaces
            return text.isEmpty || text.wholeMatch(of: mediaLineRegex) != nil
        }
    }

    /// The runs of lines in `lines` that are notes broken indentation pulled into code blocks
    /// (`isStrayQuote`): not code, and read as the notes they are by `FragmentExtractor.strayAlerts`.
    func strayQuotes(in lines: ClosedRange<Int>) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for line in lines {
            guard let leaf = index.leaf(atLine: line), leaf.isCodeBlock, !leaf.inBlockQuote, isStrayQuote(line, in: leaf.id) else { continue }
            if let last = runs.last, last.upperBound == line - 1 {
                runs[runs.count - 1] = last.lowerBound...line
            } else {
                runs.append(line...line)
            }
        }
        return runs
    }

    /// A `>` quote line less indented than the code block's first line: a note that broken
    /// indentation pulled into the code block (`> [!NOTE]` after the code), not code.
    private func isStrayQuote(_ line: Int, in leaf: Int) -> Bool {
        guard !isFenced(leaf) else { return false }
        let text = document.normalized.normalizedLine(line)
        let first = document.normalized.normalizedLine(index.leaves[leaf].firstLine)
        return text.trimmingSpaces.hasPrefix(">") && Indentation.width(of: text) < Indentation.width(of: first)
    }

    private func classify(_ line: Int, region: Region) -> LineKind {
        let text = document.normalized.normalizedLine(line)
        if text.isBlank { return .blank }
        guard line != region.stepLine, let leaf = index.leaf(atLine: line) else { return .prose }
        // An HTML `<pre>` block is code, its tag lines included (the sample's text is its content).
        if leaf.isPreformatted { return .code(leaf: leaf.id) }
        // In a quote (an alert), a code block is a sample, shown in the alert; the rest is prose.
        if leaf.inBlockQuote {
            guard leaf.isCodeBlock else { return .prose }
            if isFenced(leaf.id), line == leaf.firstLine || (line == leaf.lastLine && BlockIndex.isFenceLine(text)) { return .fence }
            return .code(leaf: leaf.id)
        }
        if leaf.isCodeBlock {
            if isIndentedMedia(leaf.id) || isStrayQuote(line, in: leaf.id) { return .prose }
            // The closing fence is the last line only when the fence is closed: a fence left open at
            // the end of the file ends with code.
            if isFenced(leaf.id), line == leaf.firstLine || (line == leaf.lastLine && BlockIndex.isFenceLine(text)) { return .fence }
            return .code(leaf: leaf.id)
        }
        guard leaf.isParagraph, CodeLineClassifier.isCodeLike(text) else { return .prose }
        let indent = Indentation.width(of: text)
        // Code by its indentation alone: four columns deeper than the step's text and than the
        // paragraph's own text (a nested item's paragraph continues at its text's column).
        let textColumn = max(region.contentColumn, leaf.firstColumn - 1)
        if indent >= textColumn + 4, line != leaf.firstLine { return .code(leaf: leaf.id) }
        return .candidate(leaf: leaf.id, indent: indent)
    }

    /// A fence line that CommonMark read as paragraph text (indented four columns past the text it
    /// follows, so it opened no code block) still says where the writer's code starts: its lines,
    /// up to a closing fence, are code, whatever they look like (`# a comment`, a long signature).
    private func markFencesInProse(_ kinds: inout [LineKind], region: Region) {
        var offset = 0
        while offset < kinds.count {
            let line = region.lines.lowerBound + offset
            guard case .prose = kinds[offset], let leaf = index.leaf(atLine: line), leaf.isParagraph, line != region.stepLine,
                let fence = Fence(opening: document.normalized.normalizedLine(line).trimmingSpaces)
            else {
                offset += 1
                continue
            }
            var end = offset + 1
            var closed = false
            while end < kinds.count {
                let next = region.lines.lowerBound + end
                let text = document.normalized.normalizedLine(next)
                if text.isBlank { end += 1; continue }
                if fence.isClosed(by: text.trimmingSpaces) { closed = true; break }
                guard let inner = index.leaf(atLine: next), inner.isParagraph || inner.isCodeBlock, !inner.inBlockQuote else { break }
                end += 1
            }
            // Only a fence that closes: a stray fence line before prose does not make the prose code.
            guard closed else { offset += 1; continue }
            kinds[offset] = .fence
            for inner in (offset + 1)..<end {
                let next = region.lines.lowerBound + inner
                if document.normalized.normalizedLine(next).isBlank { continue }
                if case .prose = kinds[inner], let leaf = index.leaf(atLine: next) { kinds[inner] = .code(leaf: leaf.id) }
                if case .candidate(let leaf, _) = kinds[inner] { kinds[inner] = .code(leaf: leaf) }
            }
            kinds[end] = .fence
            offset = end + 1
        }
    }

    /// A paragraph line between two code lines of the same paragraph, four columns deeper than the
    /// paragraph's text, is code though it does not read like code (`"key": "value",` of a JSON
    /// object folded into prose): a sample is not cut in two by one of its own lines.
    private func fillGaps(_ kinds: inout [LineKind], region: Region) {
        var previousCode: Int?
        for offset in kinds.indices {
            switch kinds[offset] {
            case .blank:
                continue
            case .code(let leaf):
                previousCode = leaf
            case .prose:
                let line = region.lines.lowerBound + offset
                guard let leaf = previousCode, let node = index.leaf(atLine: line), node.id == leaf, node.isParagraph,
                    Indentation.width(of: document.normalized.normalizedLine(line)) >= max(region.contentColumn, node.firstColumn - 1) + 4,
                    let next = kinds[(offset + 1)...].first(where: { $0 != .blank }), case .code(let nextLeaf) = next, nextLeaf == leaf
                else {
                    previousCode = nil
                    continue
                }
                kinds[offset] = .code(leaf: leaf)
            default:
                previousCode = nil
            }
        }
    }

    /// Turns code-like paragraph lines deeper than the step's text into code when code precedes them.
    private func promoteCandidates(_ kinds: inout [LineKind], region: Region, order: [Int]) {
        var previousIsCode = false
        for position in order {
            switch kinds[position] {
            case .blank:
                continue
            case .code:
                previousIsCode = true
            case .candidate(let leaf, let indent) where previousIsCode && indent > region.contentColumn:
                kinds[position] = .code(leaf: leaf)
            default:
                previousIsCode = false
            }
        }
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let mediaLineRegex = /!\[[^\]]*\](\[[^\]]*\]|\([^)]*\))/
