import CommonMark

/// Walks blocks and reads every block quote that is an alert; quotes are not entered.
struct AlertCollector: MarkupWalker {
    let origin: (Int) -> Origin
    private(set) var alerts: [Alert] = []

    init(origin: @escaping (Int) -> Origin) {
        self.origin = origin
    }

    mutating func visit(_ node: MarkdownNode, depth: Int) -> Bool {
        guard node.kind.isBlock else { return false }
        guard node.kind == .blockQuote else { return true }
        if let line = node.range?.start.line, let alert = AlertReader.alert(from: node, origin: origin(line)) {
            alerts.append(alert)
        }
        return false
    }
}
