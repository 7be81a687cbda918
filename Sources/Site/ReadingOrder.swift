import TutorialModel

/// Where a block stands in the document a reader reads: its line in the tutorial's file, or — for
/// a block from an include — the line of the include directive, then its line in the include
/// (nested includes add a level each). Blocks from different files compare correctly.
struct ReadingOrder {
    /// The directive that brought each include file in (first use), by the file's path.
    private var directives: [String: Origin] = [:]
    /// Every directive of the include files used more than once, by the file's path.
    private var uses: [String: [Origin]] = [:]
    /// The lines of one file that the blocks being placed stand in (a section's).
    private var scope: (path: String, lines: Range<Int>)?
    /// Where include directives stand: text after a directive on its line is read after the include.
    private var directiveLines: Set<Origin> = []

    /// Line order within one file (an alert's blocks).
    init() {}

    init(tutorial: Tutorial) {
        for include in tutorial.includes {
            uses[include.resolvedTo, default: []].append(include.origin)
            directiveLines.insert(include.origin)
        }
        for (path, origins) in uses {
            directives[path] = origins[0]
            if origins.count == 1 { uses[path] = nil }
        }
    }

    /// Places the blocks that follow as a section's, written on `lines` of `path`: the blocks of an
    /// include used several times are placed at the use among those lines.
    mutating func scope(to path: String, lines: Range<Int>) {
        scope = (path, lines)
    }

    /// The directive that brought `path` in: among several uses, the one within the scope — written
    /// on the scope's lines, or in an include that is itself brought in within the scope (a file
    /// that several includes include).
    private func directive(of path: String, depth: Int = 0) -> Origin? {
        if scope != nil, let all = uses[path], let use = all.first(where: { isInScope($0, depth: depth) }) {
            return use
        }
        return directives[path]
    }

    private func isInScope(_ origin: Origin, depth: Int) -> Bool {
        guard let scope, depth < 16 else { return false }
        if origin.path == scope.path { return scope.lines.contains(origin.line) }
        guard origin.include != nil, let parent = directive(of: origin.path, depth: depth + 1) else { return false }
        return isInScope(parent, depth: depth + 1)
    }

    /// The position of prose whose origin is `origin`: after the included blocks when it is the
    /// text written after an include directive on the directive's line.
    func position(ofProse origin: Origin) -> [Int] {
        directiveLines.contains(origin) ? position(of: origin) + [Int.max] : position(of: origin)
    }

    /// The position of a block whose origin is `origin`, as a path of lines.
    func position(of origin: Origin) -> [Int] {
        var position = [origin.line]
        var current = origin
        // Includes cannot cycle (the loader refuses cycles); the bound only guards the loop.
        for _ in 0..<64 {
            guard current.include != nil, let directive = directive(of: current.path) else { break }
            position.insert(directive.line, at: 0)
            current = directive
        }
        return position
    }
}

/// A block with its reading position, before the blocks of a section or step are arranged.
struct OrderedBlock {
    var position: [Int]
    var block: BlockView

    init(at origin: Origin, order: ReadingOrder, _ block: BlockView) {
        position = order.position(of: origin)
        self.block = block
    }

    /// Prose: placed after an include whose directive is on its line (`position(ofProse:)`), unless
    /// it is the text written before the directive.
    init(prose paragraph: Paragraph, order: ReadingOrder, _ block: BlockView) {
        position = paragraph.beforeInclude == true ? order.position(of: paragraph.origin) : order.position(ofProse: paragraph.origin)
        self.block = block
    }

    /// The blocks in reading order (stable for equal positions), with consecutive steps joined
    /// into one numbered list and consecutive blocks of list items into one list (nested as the
    /// document nests them).
    static func arranged(_ blocks: [OrderedBlock]) -> [BlockView] {
        let sorted = blocks.enumerated().sorted { left, right in
            left.element.position == right.element.position
                ? left.offset < right.offset
                : left.element.position.lexicographicallyPrecedes(right.element.position)
        }.map(\.element.block)
        var result: [BlockView] = []
        for block in sorted {
            if let steps = block.stepList, let last = result.last?.stepList {
                result[result.count - 1].stepList = StepListView(steps: last.steps + steps.steps)
            } else if let entry = block.listEntry {
                if let last = result.indices.last, result[last].prose?.isList == true, result[last].prose!.insert(entry, depth: 0) {
                    continue
                }
                result.append(BlockView(prose: ProseBlock(list: entry, depth: 0)))
            } else {
                result.append(block)
            }
        }
        return result
    }
}
