import CommonMark

/// Walks blocks and reads every block quote that is an alert; quotes are not entered.
struct AlertCollector: MarkupWalker {
    let origin: (Int) -> Origin
    /// Reads an alert's blocks as prose for display.
    let prose: ([MarkdownNode]) -> [Paragraph]
    private(set) var alerts: [Alert] = []

    init(origin: @escaping (Int) -> Origin, prose: @escaping ([MarkdownNode]) -> [Paragraph]) {
        self.origin = origin
        self.prose = prose
    }

    mutating func visit(_ node: MarkdownNode, depth: Int) -> Bool {
        guard node.kind.isBlock else { return false }
        guard node.kind == .blockQuote else { return true }
        if let line = node.range?.start.line {
            alerts += AlertReader.alerts(from: node, origin: origin(line), prose: prose)
        }
        return false
    }
}
