public import DocFXDialect
public import TutorialModel

/// One Markdown file as the checks read it: its original lines, where its front matter and code
/// are, and its bilingual spans. A document and each of its includes is one file.
public struct CheckedFile: Sendable {
    public var path: String
    public var locale: String
    /// The locale folder the file is in (an untranslated include lives in the default locale's).
    public var fileLocale: String
    public var lines: SourceLines
    public var frontMatter: [ClosedRange<Int>]
    /// The language of each line that belongs to a code sample.
    public var codeLines: [Int: String]
    public var spans: [BilingualSpan]
    /// The include's name, nil for the document itself.
    public var includeName: String?

    /// The document of `tutorial` and every include it reads, each once.
    public static func files(of document: LoadedDocument, tutorial: Tutorial) -> [CheckedFile] {
        var files: [CheckedFile] = []
        var seen: Set<String> = []
        func visit(_ document: LoadedDocument, include: String?) {
            guard seen.insert(document.file.path).inserted else { return }
            files.append(CheckedFile(document: document, tutorial: tutorial, includeName: include))
            for loaded in document.includes { visit(loaded.document, include: loaded.directive.name) }
        }
        visit(document, include: nil)
        return files
    }

    /// `document` (the tutorial's own file or one of its includes) as the checks read it.
    public init(document: LoadedDocument, tutorial: Tutorial, includeName: String?) {
        path = document.file.path
        locale = tutorial.locale
        fileLocale = document.layout.locale(of: document.file.url) ?? tutorial.locale
        lines = document.file.compactLines
        frontMatter = document.metadata.lines
        spans = document.normalized.spans
        self.includeName = includeName
        var codeLines: [Int: String] = [:]
        for sample in tutorial.allCode where sample.origin.path == path {
            for line in sample.line...max(sample.line, sample.endLine) { codeLines[line] = sample.language }
        }
        self.codeLines = codeLines
    }

    public init(path: String, locale: String, lines: [String], frontMatter: [ClosedRange<Int>] = [],
                codeLines: [Int: String] = [:], spans: [BilingualSpan] = [], includeName: String? = nil) {
        self.path = path
        self.locale = locale
        self.fileLocale = locale
        self.lines = SourceLines(lines)
        self.frontMatter = frontMatter
        self.codeLines = codeLines
        self.spans = spans
        self.includeName = includeName
    }

    func isFrontMatter(_ line: Int) -> Bool { frontMatter.contains { $0.contains(line) } }
}
