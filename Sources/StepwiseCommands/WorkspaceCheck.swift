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
        var report = checker.check(inputs, problems: problems)
        report.links = workspace.reported.compactMap { $0.tutorial.map(DocumentLinks.init) }.sorted { $0.document < $1.document }
        return report
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
