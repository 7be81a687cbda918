public import StepwiseDiagnostics

/// A rule `stepwise check` applies: a stable id, a default severity and a one-line description.
public struct FindingRule: Hashable, Sendable, Codable {
    public var id: String
    public var severity: Severity
    public var summary: String

    public init(id: String, severity: Severity, summary: String) {
        self.id = id
        self.severity = severity
        self.summary = summary
    }
}

extension FindingRule {
    public static let codeDrift = FindingRule(id: "code-drift", severity: .error, summary: "A translated code sample's code differs from its source.")
    public static let codeDamaged = FindingRule(id: "code-damaged", severity: .error, summary: "The Markdown of a translated code sample broke the code (split, merged into prose, machine-translated).")
    public static let codeReferenceDrift = FindingRule(id: "code-ref-drift", severity: .error, summary: "A translation's code reference shows other code than the source's (another file, range or region).")
    public static let codeMissing = FindingRule(id: "code-missing", severity: .error, summary: "A source code sample has no counterpart in the translation.")
    public static let codeExtra = FindingRule(id: "code-extra", severity: .warning, summary: "A translation has a code sample the source does not.")
    public static let codeComments = FindingRule(id: "code-comments", severity: .note, summary: "A translated code sample differs from its source in comments only.")
    public static let codeWhitespace = FindingRule(id: "code-whitespace", severity: .note, summary: "A translated code sample differs from its source in layout only.")
    public static let sentenceStale = FindingRule(id: "sentence-stale", severity: .warning, summary: "The source sentence a translation was made from has changed or disappeared.")
    public static let sentenceUntranslated = FindingRule(id: "sentence-untranslated", severity: .warning, summary: "A translation repeats its source sentence untranslated.")
    public static let sourceDate = FindingRule(id: "source-date", severity: .warning, summary: "A translation is based on a different source date than the current source.")
    public static let sourceRevision = FindingRule(id: "source-revision", severity: .warning, summary: "A translation records a different source revision than the current source.")
    public static let structureParity = FindingRule(id: "structure-parity", severity: .warning, summary: "A translation has different sections, steps, code samples or includes than its source.")
    public static let includeFallback = FindingRule(id: "include-fallback", severity: .warning, summary: "A translation shows an untranslated include of the source locale.")
    public static let sourceMissing = FindingRule(id: "source-missing", severity: .warning, summary: "A translation or edition has no source document to be checked against.")

    public static let suppressionInvalid = FindingRule(id: "suppression-invalid", severity: .error, summary: "A stepwise-ignore comment without a reason.")
    public static let suppressionUnused = FindingRule(id: "suppression-unused", severity: .warning, summary: "A stepwise-ignore comment that matches no finding.")

    public static let linkBroken = FindingRule(id: "link-broken", severity: .error, summary: "A link names a document that is not in the content and not named as external.")
    public static let anchorMissing = FindingRule(id: "anchor-missing", severity: .warning, summary: "A link's #fragment names no heading, anchor or step of the page it points to.")
    public static let tocBroken = FindingRule(id: "toc-broken", severity: .warning, summary: "A table of contents entry (TOC.md, toc.yml) points to no document.")

    /// The rules of links and tables of contents, checked against every document of the content.
    public static let linkRules: [FindingRule] = [.linkBroken, .anchorMissing, .tocBroken]

    public static let generatedStale = FindingRule(id: "generated-stale", severity: .error, summary: "Committed generated output differs from a fresh `stepwise build`.")

    /// Problems reading a document or its includes: the document is still checked as far as it can be read.
    public static let documentRules: [FindingRule] = [
        FindingRule(id: "file-missing", severity: .error, summary: "A path given to the command does not exist."),
        FindingRule(id: "no-markdown", severity: .error, summary: "A directory given to the command holds no Markdown document."),
        FindingRule(id: "file-unreadable", severity: .error, summary: "A document or include cannot be read."),
        FindingRule(id: "file-empty", severity: .error, summary: "A document or include is empty."),
        FindingRule(id: "file-too-large", severity: .error, summary: "A document or include is larger than the 4 MiB a file is read up to."),
        FindingRule(id: "file-nul-byte", severity: .error, summary: "A document or include contains a NUL byte."),
        FindingRule(id: "file-invalid-utf8", severity: .error, summary: "A document or include is not valid UTF-8."),
        FindingRule(id: "front-matter-unterminated", severity: .error, summary: "A document's front matter is never closed."),
        FindingRule(id: "front-matter-invalid", severity: .error, summary: "A document's front matter is not valid YAML metadata."),
        FindingRule(id: "include-missing", severity: .error, summary: "An include directive names a file that does not exist."),
        FindingRule(id: "include-cycle", severity: .error, summary: "An include leads back to a file that includes it."),
        FindingRule(id: "include-escapes-root", severity: .error, summary: "An include path leaves the content root; it is refused and never read."),
        FindingRule(id: "include-limit", severity: .error, summary: "A document expands more includes, or more included text, than the limit (an include bomb); the rest are not shown."),
        FindingRule(id: "include-case-mismatch", severity: .warning, summary: "An include path matches a file only when letter case is ignored."),
        FindingRule(id: "code-ref-missing", severity: .error, summary: "A code reference names a file that does not exist, cannot be read or lies outside the content root."),
        FindingRule(id: "code-ref-range", severity: .error, summary: "A code reference's line range reaches past the end of its file."),
        FindingRule(id: "code-ref-region", severity: .error, summary: "A code reference names a region or snippet tag its file does not have."),
        FindingRule(id: "image-missing", severity: .warning, summary: "An image names a local file that does not exist (or a refused URL); the page shows a placeholder with its alt text."),
        FindingRule(id: "image-escapes-root", severity: .error, summary: "An image path leaves the content root; it is refused and never read."),
        FindingRule(id: "cmark-failure", severity: .error, summary: "cmark could not parse a document."),
    ]

    /// Every alignment, staleness and parity rule (corruption rules come from their data file).
    public static let alignmentRules: [FindingRule] = [
        .codeDrift, .codeReferenceDrift, .codeDamaged, .codeMissing, .codeExtra, .codeComments, .codeWhitespace, .sentenceStale,
        .sentenceUntranslated, .sourceDate, .sourceRevision, .structureParity, .includeFallback, .sourceMissing,
        .suppressionInvalid, .suppressionUnused, .generatedStale,
    ]
}

extension FindingRule {
    /// What a finding says of the translated page it is about, on the translation-status page: its
    /// code drifted (or its structure no longer matches), its text is stale, or it shows source text
    /// in place of a missing translated include. Other rules say nothing of it.
    public enum PageEffect: Sendable {
        case drifted, stale, fallback
    }

    /// The effect of each rule that has one, by rule id.
    public static let pageEffects: [String: PageEffect] = {
        var effects: [String: PageEffect] = [:]
        for rule in [FindingRule.codeDrift, .codeDamaged, .codeReferenceDrift, .codeMissing, .codeExtra, .structureParity] { effects[rule.id] = .drifted }
        for rule in [FindingRule.sentenceStale, .sentenceUntranslated, .sourceDate, .sourceRevision] { effects[rule.id] = .stale }
        effects[FindingRule.includeFallback.id] = .fallback
        return effects
    }()
}
