/// Where a contract fact was found: the file and line of the code, and the tutorial section and step.
public struct FactSource: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The Markdown file the code is in (an include file for included content).
    public var path: String
    public var line: Int
    /// The title of the section the code sample belongs to.
    public var section: String
    /// The step's continuous number within its section, or nil for code outside any step.
    public var step: Int?

    public init(path: String, line: Int, section: String, step: Int?) {
        self.path = path
        self.line = line
        self.section = section
        self.step = step
    }

    /// `section "…", step N, line L` — the citation used in generated doc comments.
    public var citation: String {
        let step = step.map { "step \($0), " } ?? ""
        return "section \"\(section)\", \(step)line \(line)"
    }

    public var description: String { "\(path):\(line) (\(citation))" }

    public static func < (lhs: FactSource, rhs: FactSource) -> Bool {
        (lhs.path, lhs.line) < (rhs.path, rhs.line)
    }
}
