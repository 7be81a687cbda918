/// The partials each template includes (`{{> name}}`): checked before anything renders, because
/// rendering writes a missing partial as nothing and would follow a recursive one until the stack
/// runs out.
struct PartialGraph {
    /// Template name → the template compiled.
    var templates: [String: Template]

    /// A missing partial or a partial that includes itself (directly or not) is an error at its line.
    func validate() throws {
        for name in templates.keys.sorted() {
            for reference in references(in: name) where templates[reference.partial] == nil {
                throw SiteError("templates/\(name).mustache:\(reference.line): partial '\(reference.partial)' does not exist (templates/\(reference.partial).mustache)")
            }
        }
        for name in templates.keys.sorted() {
            if let cycle = cycle(from: name, path: [name]) {
                throw SiteError("templates/\(name).mustache: partials include each other without end: \(cycle.joined(separator: " → "))")
            }
        }
    }

    /// The partials `name` includes, with the line of each.
    func references(in name: String) -> [(partial: String, line: Int)] {
        (templates[name]?.partialReferences ?? []).map { ($0.name, $0.line) }
    }

    /// A chain of partials from `name` back to one already on `path`, if any.
    private func cycle(from name: String, path: [String]) -> [String]? {
        for reference in references(in: name) {
            if path.contains(reference.partial) { return path + [reference.partial] }
            if let cycle = cycle(from: reference.partial, path: path + [reference.partial]) { return cycle }
        }
        return nil
    }
}
