public import CommonMark
public import StepwiseDiagnostics

/// One file read, checked, normalized and parsed, with where each of its includes resolved.
///
/// A file is parsed once per content layout and shared by every document that includes it.
public struct ParsedFile: Sendable {
    public var normalized: NormalizedDocument
    public var tree: MarkdownNode
    /// Each include directive of the file, in order, with its resolution or the reason it failed.
    public var includes: [IncludeOutcome]
    /// Each code reference of the file, in order, with its code or the reason it has none.
    public var codeReferences: [ResolvedCodeReference] = []
    /// Problems of the file that did not stop it (a malformed header, an include path's case).
    public var problems: [Diagnostic]

    public var file: SourceFile { normalized.file }
}

/// What an include directive led to.
public enum IncludeOutcome: Sendable {
    case found(IncludeDirective, IncludeResolver.Resolution)
    case failed(IncludeDirective, Diagnostic)
}
