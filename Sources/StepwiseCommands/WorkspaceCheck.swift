import Foundation
import DocFXDialect
import Site
import TutorialModel
import Localization
import StepwiseDiagnostics
import StepwiseWorkspace

/// The drift checks of a loaded workspace: every reported translation and edition aligned with its
/// source, every file linted, and every document problem reported as a finding.
struct WorkspaceCheck {
    var workspace: Workspace

    var selection: SourceSelection { SourceSelection(locale: workspace.sourceLocale, edition: workspace.sourceEdition) }

    func run() throws -> CheckReport {
        let checker: DriftChecker
        do {
            checker = try DriftChecker.bundled(selection: selection)
        } catch {
            throw InputFailure(.error("rules-unreadable", at: nil, "cannot load the bundled corruption rules: \(error)"))
        }
        var report = checker.check(inputs, problems: problems, sourceIncludes: sourceIncludes)
        report.links = workspace.reported.compactMap(\.tutorial).concurrentMap(DocumentLinks.init).sorted { $0.document < $1.document }
        return report
    }

    /// The source-locale counterpart of every translated include file of the reported documents, each
    /// read on its own: the same files whichever documents a run reads (see `SourceIncludes`).
    var sourceIncludes: SourceIncludes {
        var wanted: [String: URL] = [:]
        for document in workspace.reported {
            for (path, url) in Self.includeCounterparts(of: document, sourceLocale: workspace.sourceLocale) { wanted[path] = url }
        }
        var documentLoader = DocumentLoader(workingDirectory: workspace.root, defaultLocale: workspace.sourceLocale, contentRoot: workspace.contentRoot)
        documentLoader.codeRoots = workspace.configuration.codeRoots.map { ($0.hasPrefix("/") ? URL(fileURLWithPath: $0) : workspace.root.appendingPathComponent($0)).standardizedFileURL }
        let loader = documentLoader
        let extractor = TutorialExtractor(loader: loader)
        let urls = Set(wanted.values).sorted(byKey: \.path)
        let files = urls.concurrentMap { url -> CheckedFile? in
            guard FileManager.default.fileExists(atPath: url.path), let document = loader.loadReportingProblems(url).document else { return nil }
            var problems: [Diagnostic] = []
            let tutorial = extractor.extract(document, problems: &problems)
            return CheckedFile(document: document, tutorial: tutorial, includeName: url.deletingPathExtension().lastPathComponent)
        }
        let byURL = Dictionary(zip(urls, files).compactMap { url, file in file.map { (url, $0) } }, uniquingKeysWith: { first, _ in first })
        return SourceIncludes(counterparts: wanted.compactMapValues { byURL[$0] })
    }

    /// Each include file of `document` outside the source locale (its display path) → the file at the
    /// same place in the source locale's folder, which it is a translation of.
    static func includeCounterparts(of document: WorkspaceDocument, sourceLocale: String) -> [(path: String, url: URL)] {
        var result: [(path: String, url: URL)] = []
        var seen = Set<String>()
        func visit(_ loaded: LoadedDocument) {
            for include in loaded.includes {
                let file = include.document.file
                guard seen.insert(file.path).inserted else { continue }
                let layout = include.document.layout
                if let locale = layout.locale(of: file.url), locale != sourceLocale, let counterpart = layout.counterpart(of: file.url, in: sourceLocale) {
                    result.append((file.path, counterpart))
                }
                visit(include.document)
            }
        }
        if let loaded = document.loaded { visit(loaded) }
        return result
    }

    /// Every document that could be read, marked reported or read only as a source.
    var inputs: [CheckInput] {
        workspace.documents.compactMap { document in
            guard let loaded = document.loaded, let tutorial = document.tutorial else { return nil }
            var input = CheckInput(document: loaded, tutorial: tutorial)
            input.isReported = document.isReported
            return input
        }
    }

    /// The problems of the run and of the reported documents, each once, with the document's locale.
    /// A problem in the document's own file belongs to that document; one in an include file (shared
    /// by many documents) is about that file alone, so a partial check reports it exactly as a full one.
    var problems: [Finding] {
        var seen = Set<Diagnostic>()
        var findings = workspace.problems.map { Finding(diagnostic: $0) }
        for document in workspace.reported {
            for diagnostic in document.diagnostics where seen.insert(diagnostic).inserted {
                var finding = Finding(diagnostic: diagnostic, locale: document.tutorial?.locale ?? ContentLayout.containing(document.url, defaultLocale: workspace.sourceLocale).locale(of: document.url) ?? "")
                finding.document = diagnostic.location?.path == document.id.path ? document.id.path : nil
                findings.append(finding)
            }
        }
        return findings
    }
}
