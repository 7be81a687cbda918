public import DocFXDialect
public import Foundation
public import StepwiseDiagnostics

/// Builds the `Tutorial` model of a document: read → normalize → parse → model.
public struct TutorialExtractor: Sendable {
    public var loader: DocumentLoader
    /// Included files' fragments, shared by the copies of this extractor (a run's threads).
    let includeFragments = IncludeFragments()

    public init(loader: DocumentLoader) {
        self.loader = loader
    }

    /// Reads the file at `url` (and its includes) and returns its model.
    public func extract(_ url: URL) throws(StepwiseError) -> Tutorial {
        try extract(loader.load(url))
    }

    /// The model of a loaded document.
    public func extract(_ document: LoadedDocument) -> Tutorial {
        var problems: [Diagnostic] = []
        return extract(document, problems: &problems)
    }

    /// The model of a loaded document; `problems` receives what a reader of the page misses (an
    /// image that cannot be shown), which the checks report with the document's reading problems.
    public func extract(_ document: LoadedDocument, problems: inout [Diagnostic]) -> Tutorial {
        let fragment = mergedFragment(document, includeName: nil)
        var sections = fragment.sections
        // What the document writes before its first heading is shown first, like any section.
        let preambleHasContent = !fragment.preamble.steps.isEmpty || !fragment.preamble.code.isEmpty
            || !fragment.preamble.alerts.isEmpty || !fragment.preamble.paragraphs.isEmpty
        if preambleHasContent {
            var preamble = fragment.preamble
            preamble.id = "preamble"
            sections.insert(preamble, at: 0)
        }
        finish(&sections)
        identify(&sections)
        let metadata = document.metadata
        let file = document.file
        var tutorial = Tutorial(
            id: metadata.assetID ?? file.url.deletingPathExtension().lastPathComponent,
            source: file.path,
            locale: document.layout.locale(of: file.url) ?? metadata.contentLocale?.lowercased() ?? document.layout.defaultLocale,
            edition: document.layout.edition(of: file.url),
            tutorialPath: document.layout.tutorialPath(of: file.url),
            title: fragment.title ?? metadata.title ?? file.url.deletingPathExtension().lastPathComponent,
            metadata: TutorialMetadata(metadata),
            sections: sections,
            includes: includeReferences(document),
            selectors: fragment.selectors,
            images: fragment.images,
            nonStepLists: fragment.nonStepLists,
            diagnostics: [])
        tutorial.links = fragment.links
        let media = ImageResolver(loader: loader).resolve(&tutorial.images, in: document)
        problems += media
        tutorial.diagnostics = (TutorialDiagnostics.collect(tutorial) + media).sorted(by: Diagnostic.reportOrder).map(DiagnosticInfo.init)
        return tutorial
    }

    /// An inline include (written after text on its line) whose file is one paragraph reads as
    /// DocFX shows it: inside the sentence. The text before the directive, the included paragraph's
    /// and the text after it become one paragraph. False (nothing changed) for any other include.
    static func readInline(_ included: inout Section, at directive: Int, of path: String, in paragraphs: inout [Paragraph]) -> Bool {
        guard included.steps.isEmpty, included.code.isEmpty, included.alerts.isEmpty, included.paragraphs.count == 1,
            let content = included.paragraphs.first, content.table == nil, content.html == nil, content.heading == nil,
            // Its links and images are read where they are written: only addresses that mean the same from the including file.
            content.inlines.allSatisfy(Self.isPlaceIndependent),
            let before = paragraphs.firstIndex(where: { $0.beforeInclude == true && $0.line == directive && $0.origin.path == path })
        else { return false }
        var merged = paragraphs[before]
        merged.inlines += content.inlines
        merged.beforeInclude = nil
        if before + 1 < paragraphs.count, paragraphs[before + 1].line == directive, paragraphs[before + 1].origin.path == path,
            paragraphs[before + 1].beforeInclude == nil {
            merged.inlines += paragraphs.remove(at: before + 1).inlines
        }
        paragraphs[before] = merged
        included.paragraphs = []
        return true
    }

    /// A span whose address (if any, its children's too) is absolute: it means the same in any file.
    private static func isPlaceIndependent(_ span: InlineSpan) -> Bool {
        if let destination = span.destination?.lowercased(), !(destination.hasPrefix("http://") || destination.hasPrefix("https://") || destination.hasPrefix("mailto:")) {
            return false
        }
        return (span.children ?? []).allSatisfy(isPlaceIndependent)
    }

    /// The fragment of `document` with every include's fragment spliced in at its directive.
    private func mergedFragment(_ document: LoadedDocument, includeName: String?) -> Fragment {
        var fragment = FragmentExtractor(document: document, includeName: includeName).extract()
        placeMissingIncludes(document, includeName: includeName, in: &fragment)
        var sections: [Section] = []
        var pending = document.includes
        func takeIncludes(before line: Int) -> [LoadedInclude] {
            let taken = pending.filter { $0.directive.line < line }
            pending.removeAll { $0.directive.line < line }
            return taken
        }
        // Splices the includes whose directives stand in `section`, in order. The file reads on
        // after an include under the include's last heading, so what the section writes after an
        // include that has headings moves to that heading's section. Returns those sections.
        func splice(_ includes: [LoadedInclude], into section: inout Section) -> [Section] {
            guard !includes.isEmpty else { return [] }
            // What the section writes after each directive, up to the next one (or its end).
            var rest = section.removeContent(after: includes[0].directive.line)
            var written: [SectionContent] = []
            for next in includes.dropFirst() {
                var later = rest.removeContent(after: next.directive.line)
                swap(&rest, &later)
                written.append(later)
            }
            written.append(rest)
            var chain = [section]
            for (included, text) in zip(includes, written) {
                var child = includeFragments.fragment(IncludeFragments.Key(included.document, name: included.directive.name)) {
                    mergedFragment(included.document, includeName: included.directive.name)
                }
                let last = chain.count - 1
                // An include inside a step's lines is the step's (its text when the item is the directive: `3. [!INCLUDE …]`).
                let directive = included.directive.line
                if let index = chain[last].steps.firstIndex(where: { step in
                    step.origin.path == document.file.path && step.holds(directive)
                }) {
                    Self.fill(&chain[last].steps[index], with: &child.preamble)
                }
                // An include read inside the sentence has nothing more to place.
                let inline = child.sections.isEmpty
                    && Self.readInline(&child.preamble, at: directive, of: document.file.path, in: &chain[last].paragraphs)
                if !inline { chain[last].append(SectionContent(child.preamble)) }
                chain[last].anchors += child.preamble.anchors
                chain += child.sections
                chain[chain.count - 1].append(text)
                fragment.selectors += child.selectors
                fragment.images += child.images
                fragment.links += child.links
                fragment.nonStepLists += child.nonStepLists
            }
            section = chain[0]
            return Array(chain.dropFirst())
        }
        // The preamble is spliced into a copy: `splice` also writes `fragment`, and one access may not overlap another.
        var preamble = fragment.preamble
        sections += splice(takeIncludes(before: fragment.sections.first?.line ?? Int.max), into: &preamble)
        fragment.preamble = preamble
        for (position, var section) in fragment.sections.enumerated() {
            let next = position + 1 < fragment.sections.count ? fragment.sections[position + 1].line : Int.max
            let after = splice(takeIncludes(before: next), into: &section)
            sections.append(section)
            sections += after
        }
        fragment.sections = sections
        // The title is the first H1 a reader reads, the included ones too (an article that is one include).
        fragment.title = sections.first { $0.level == 1 }?.title
        return fragment
    }

    /// Moves what an include holds before its first heading into the step whose lines hold the
    /// directive: its prose, code and alerts become the step's own, in place; when the item is the
    /// directive (`3. [!INCLUDE …]`), its first paragraph is the step's text. Its own steps stay the section's.
    static func fill(_ step: inout Step, with included: inout Section) {
        var paragraphs = included.paragraphs
        let directive = step.text.trimmingSpaces
        if directive.hasPrefix("["), directive.uppercased().contains("INCLUDE") {
            if let first = paragraphs.first, first.list == nil, first.table == nil, first.html == nil, first.heading == nil {
                step.inlines = first.inlines
                step.text = first.inlines.map(\.text).joined().trimmingSpaces
                paragraphs.removeFirst()
            } else {
                step.inlines = []
                step.text = ""
            }
        }
        step.details += paragraphs
        step.code += included.code
        step.alerts += included.alerts
        included.paragraphs = []
        included.code = []
        included.alerts = []
    }

    /// A visible placeholder alert, at its directive, for each include that could not be followed.
    private func placeMissingIncludes(_ document: LoadedDocument, includeName: String?, in fragment: inout Fragment) {
        for missing in document.missingIncludes {
            let directive = missing.directive
            var alert = Alert(
                kind: "missing", label: nil,
                text: "“\(directive.name)” (\(directive.path)) is not shown: \(missing.reason).",
                line: directive.line, origin: Origin(path: document.file.path, line: directive.line, include: includeName))
            alert.placeholder = Placeholder(kind: .include, name: directive.name, path: directive.path, rule: missing.rule)
            if let index = fragment.sections.lastIndex(where: { $0.line <= directive.line }) {
                fragment.sections[index].alerts.append(alert)
            } else {
                fragment.preamble.alerts.append(alert)
            }
        }
    }

    private func includeReferences(_ document: LoadedDocument, includeName: String? = nil) -> [IncludeReference] {
        let missing = document.missingIncludes.map { missing in
            IncludeReference(
                name: missing.directive.name, syntax: missing.directive.syntax, path: missing.directive.path,
                resolvedTo: "", fallback: false, origin: Origin(path: document.file.path, line: missing.directive.line, include: includeName),
                problem: missing.reason)
        }
        return missing + document.includes.flatMap { included in
            [IncludeReference(
                name: included.directive.name, syntax: included.directive.syntax, path: included.directive.path,
                resolvedTo: included.resolvedPath, fallback: included.fallback,
                origin: Origin(path: document.file.path, line: included.directive.line, include: includeName))]
                + includeReferences(included.document, includeName: included.directive.name)
        }
    }

    /// Gives every step and code sample its identity, in document order (section code before the
    /// section's steps, as `Tutorial.allCode` lists them).
    private func identify(_ sections: inout [Section]) {
        var count = 0
        func next() -> String {
            count += 1
            return "code-\(count)"
        }
        for s in sections.indices {
            for c in sections[s].code.indices { sections[s].code[c].id = next() }
            for t in sections[s].steps.indices {
                sections[s].steps[t].id = "\(sections[s].id)/\(sections[s].steps[t].ordinal)"
                for c in sections[s].steps[t].code.indices { sections[s].steps[t].code[c].id = next() }
            }
        }
    }

    /// Continuous ordinals, unique section ids and inferred target files.
    private func finish(_ sections: inout [Section]) {
        var seen: [String: Int] = [:]
        var knownFiles: [String] = []
        var lastFileByLanguage: [String: String] = [:]
        for s in sections.indices {
            let id = sections[s].id
            seen[id, default: 0] += 1
            if let count = seen[id], count > 1 { sections[s].id = "\(id)-\(count)" }
            for t in sections[s].steps.indices {
                sections[s].steps[t].ordinal = t + 1
                for c in sections[s].steps[t].code.indices {
                    TargetFileInference.infer(
                        &sections[s].steps[t].code[c], terms: sections[s].steps[t].terms,
                        knownFiles: &knownFiles, lastFileByLanguage: &lastFileByLanguage)
                }
            }
        }
    }
}

extension TutorialMetadata {
    init(_ metadata: DocumentMetadata) {
        self.init(
            format: metadata.format.rawValue, title: metadata.title, description: metadata.description,
            author: metadata.author, date: metadata.date, assetID: metadata.assetID,
            contentLocale: metadata.contentLocale, translationType: metadata.translationType,
            openLocFileHash: metadata.openLocFileHash, sourceGitCommit: metadata.sourceGitCommit,
            values: metadata.values)
    }
}

extension DiagnosticInfo {
    public init(_ diagnostic: Diagnostic) {
        self.init(
            id: diagnostic.id, severity: diagnostic.severity.rawValue, path: diagnostic.location?.path,
            line: diagnostic.location?.line, column: diagnostic.location?.column, message: diagnostic.summary,
            fix: diagnostic.fix)
    }
}
