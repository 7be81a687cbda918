public import CommonMark

/// A document read, normalized and parsed, with its includes loaded the same way.
public struct LoadedDocument: Hashable, Sendable {
    public var normalized: NormalizedDocument
    /// The cmark tree of the normalized text; ranges are in normalized columns (lines are original).
    public var tree: MarkdownNode
    public var includes: [LoadedInclude]
    public var layout: ContentLayout
    /// Include directives that could not be followed, shown as placeholders.
    public var missingIncludes: [MissingInclude]
    /// The document's own code references (not its includes'), in order, resolved or not.
    public var codeReferences: [ResolvedCodeReference] = []

    public var file: SourceFile { normalized.file }
    public var metadata: DocumentMetadata { normalized.metadata }

    public init(
        normalized: NormalizedDocument, tree: MarkdownNode, includes: [LoadedInclude], layout: ContentLayout,
        missingIncludes: [MissingInclude] = []
    ) {
        self.normalized = normalized
        self.tree = tree
        self.includes = includes
        self.layout = layout
        self.missingIncludes = missingIncludes
    }
}

extension LoadedDocument {
    /// The document as the checks read it once the model is built from it (its own file and its
    /// includes'): the original lines (compactly, `SourceFile.releasingLines()`), front matter,
    /// bilingual spans, includes and code references stay; the syntax trees, the code references'
    /// snippets and the normalized text with what normalizing took out of it
    /// (`NormalizedDocument.releasingText()`) go, so memory per document shrinks.
    public func releasingTrees() -> LoadedDocument {
        var document = self
        document.normalized = normalized.releasingText()
        document.normalized.file = file.releasingLines()
        document.codeReferences = codeReferences.map { resolved in
            var resolved = resolved
            resolved.snippet = nil
            return resolved
        }
        document.tree = MarkdownNode(kind: .document, range: nil)
        document.includes = includes.map { included in
            LoadedInclude(
                directive: included.directive, resolvedPath: included.resolvedPath, fallback: included.fallback,
                document: included.document.releasingTrees())
        }
        return document
    }
}

/// An include directive with the document it resolved to.
public struct LoadedInclude: Hashable, Sendable {
    public var directive: IncludeDirective
    /// The resolved file, shown as a path.
    public var resolvedPath: String
    public var fallback: Bool
    /// Boxed: includes nest.
    private var box: [LoadedDocument]

    public var document: LoadedDocument { box[0] }

    public init(directive: IncludeDirective, resolvedPath: String, fallback: Bool, document: LoadedDocument) {
        self.directive = directive
        self.resolvedPath = resolvedPath
        self.fallback = fallback
        self.box = [document]
    }
}

/// An include directive that could not be followed (missing, cyclic, outside the root, unreadable).
public struct MissingInclude: Hashable, Sendable {
    public var directive: IncludeDirective
    /// Why, for the placeholder shown in its place.
    public var reason: String
    /// The id of the problem that says why (`include-missing`, `include-cycle`…); nil: the file could not be read.
    public var rule: String?

    public init(directive: IncludeDirective, reason: String, rule: String? = nil) {
        self.directive = directive
        self.reason = reason
        self.rule = rule
    }
}
