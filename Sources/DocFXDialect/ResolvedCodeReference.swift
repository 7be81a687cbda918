public import Foundation
public import StepwiseDiagnostics

/// A code reference with the file it names and the code cut from it, or why there is none.
public struct ResolvedCodeReference: Hashable, Sendable {
    public var reference: CodeReference
    /// The code file as shown in messages; nil when the path was refused.
    public var path: String?
    public var url: URL?
    /// Other places the file was looked for when it was not found (the default locale's), so that
    /// adding it there is noticed.
    public var alsoSearched: [URL] = []
    /// The code; nil when the file could not be read or the region was not found.
    public var snippet: CodeSnippet?
    public var problems: [Diagnostic]

    public init(reference: CodeReference, path: String? = nil, url: URL? = nil, snippet: CodeSnippet? = nil, problems: [Diagnostic] = []) {
        self.reference = reference
        self.path = path
        self.url = url
        self.snippet = snippet
        self.problems = problems
    }
}
