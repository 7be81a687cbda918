import ArgumentParser
import Foundation
import Localization
import Site
import StepwiseDiagnostics
import StepwiseWorkspace

/// `stepwise merge`: combines the parts of sharded runs into exactly what one unsharded run gives —
/// the report parts of `check --shard i/n --part FILE` into what `check` prints (in any format, with
/// the baseline and the exit status of `check`), the site parts of `build --shard i/n` into the
/// `generated/site` that `build` writes.
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Combine the parts of sharded checks or builds into one report or one site.",
        discussion: """
            Report parts: each CI job runs `stepwise check --shard i/n --part part-i.json`; one last job runs \
            `stepwise merge part-*.json --format sarif`. The output is byte for byte what \
            `stepwise check` prints for the whole repository, with the same rule overrides, baseline and \
            exit status. Site parts: each job runs `stepwise build --shard i/n`, which writes \
            generated/site-parts/<i>-of-<n>/; `stepwise merge generated/site-parts/*` writes generated/site \
            byte for byte as `stepwise build` does, and exits as `build` would. Every shard of the same n \
            must be given exactly once.
            """)

    @Argument(help: "The report parts written by `stepwise check --part`, or the site parts (folders) written by `stepwise build --shard`.")
    var parts: [String]

    @Option(help: "Exit with status 1 when a finding (a problem, for site parts) is at or above this severity: error, warning or never.")
    var failOn: FailOn = .error

    @Option(help: "Output format of a merged report: text (default), json, sarif or github (workflow annotations).")
    var format: Check.Format?

    @OptionGroup var sources: SourceOptions

    @Option(help: "The baseline of accepted findings.")
    var baseline: String = BaselineFile.defaultPath

    @Flag(help: "Report every finding, ignoring the baseline.")
    var noBaseline = false

    func validate() throws {
        if parts.isEmpty { throw ValidationError("Give the parts to merge.") }
    }

    func run() throws {
        let project = sources.project
        let configuration = try project.configuration()
        let kinds = try parts.map { try Self.kind(of: project.resolve($0), display: $0) }
        if kinds.allSatisfy({ $0 == .site }) {
            if format != nil {
                throw InputFailure(.error("usage", at: nil, "--format applies to report parts; site parts merge into generated/site"), exitCode: 2)
            }
            return try mergeSite(configuration: configuration)
        }
        if let site = zip(kinds, parts).first(where: { $0.0 == .site })?.1 {
            throw InputFailure(.error("part-mismatch", at: SourceLocation(path: site), "cannot merge a site part with report parts"))
        }
        let read = try parts.map { try ReportPart.read(project.resolve($0), display: $0) }
        try Self.checkComplete(read.map(\.shard), names: parts)
        if let (index, _) = read.enumerated().first(where: { $0.element.setup != read[0].setup }) {
            throw InputFailure(.error("part-mismatch", at: SourceLocation(path: parts[index]),
                                      "cannot merge: this part was checked with another stepwise.yml, source locale or edition, other paths or another version of stepwise than \(parts[0])"))
        }
        let order = read.indices.sorted { (read[$0].shard?.index ?? 0) < (read[$1].shard?.index ?? 0) }
        var report = CheckReport.merged(order.map { read[$0].report })
        let generated = order.compactMap { read[$0].generated }
        if !generated.isEmpty {
            guard generated.count == read.count else {
                throw InputFailure(.error("part-mismatch", at: SourceLocation(path: parts[0]),
                                          "cannot merge: some parts compared the committed generated/ output and others did not"))
            }
            report.add(try GeneratedOutputCheck.mergedFindings(
                generated, names: order.map { parts[$0] }, report: report, root: project.rootURL, project: configuration,
                configuration: URL(fileURLWithPath: project.resolve(project.config))))
        }
        let loader = try sources.loader()
        let contentRoot = try Self.contentRoot(of: read, names: parts, given: loader.contentRoot, root: project.rootURL)
        let links = LinkCheck(loader: loader, contentRoot: contentRoot)
        report.add(links.findings(report.links, tables: contentRoot.map { links.tables(below: [$0]) } ?? []))
        try ReportOutput(format: format ?? .text, failOn: failOn, sources: sources, baseline: baseline, noBaseline: noBaseline)
            .finish(report, configuration: configuration)
    }

    /// The content root whose links and tables of contents the merge checks, as the unsharded check
    /// does: the one the parts were checked in (relative to the project root), which `--content-root`,
    /// when given, must name; parts checked without one leave the given one, if any. Parts checked in
    /// different content roots, or a `--content-root` other than theirs, are refused: the merged report
    /// would not be the unsharded one.
    static func contentRoot(of read: [ReportPart], names: [String], given: URL?, root: URL) throws -> URL? {
        let recorded = read.map(\.contentRoot)
        if let index = recorded.firstIndex(where: { $0 != recorded[0] }) {
            throw InputFailure(.error("part-mismatch", at: SourceLocation(path: names[index]),
                                      "cannot merge: this part was checked in the content root \(recorded[index] ?? "(none)"), \(names[0]) in \(recorded[0] ?? "(none)")"))
        }
        guard let name = recorded[0] else { return given }
        let url = URL(fileURLWithPath: name, relativeTo: root).standardizedFileURL
        if let given, given.standardizedFileURL.path != url.path {
            throw InputFailure(.error("part-mismatch", at: SourceLocation(path: names[0]),
                                      "cannot merge: the parts were checked in the content root \(name), not \(given.path); merge with --content-root \(name) or without --content-root"))
        }
        return url
    }

    enum Kind { case report, site }

    /// A folder (or a `site-part.json`) is a site part; any other file is taken for a report part.
    static func kind(of path: String, display: String) throws -> Kind {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return .site }
        return URL(fileURLWithPath: path).lastPathComponent == SitePart.fileName ? .site : .report
    }

    /// The site parts into `generated/site`, written atomically: every tutorial page taken from its
    /// shard's part (hard-linked), the assets, index, drift report and sitemap rendered from every
    /// part's share and the merged check report.
    private func mergeSite(configuration: ProjectConfiguration) throws {
        let started = Date()
        let project = sources.project
        let read = try parts.map { try SitePart.read(project.resolve($0), display: $0) }
        try Self.checkComplete(read.map(\.part.shard), names: parts)
        let order = read.indices.sorted { read[$0].part.shard.index < read[$1].part.shard.index }
        let shares = SiteShares(shares: order.map { read[$0].part.site }, names: order.map { parts[$0] })
        let first = shares.shares[0]
        try shares.validate(setup: SiteSetup.key(
            root: project.rootURL, configuration: URL(fileURLWithPath: project.resolve(project.config)),
            sourceLocale: first.sourceLocale, sourceEdition: first.sourceEdition))
        let report = CheckReport.merged(order.map { read[$0].part.report })
        var input = shares.input(report: report)
        for index in order {
            for document in read[index].part.site.documents {
                guard let page = document.page else { continue }
                let samples = (document.samples ?? [:]).compactMap { key, count in SampleVerification.Status(rawValue: key).map { ($0, count) } }
                input.previousPages[document.source] = PreviousPage(
                    page: page, file: read[index].folder.appendingPathComponent(page), samples: Dictionary(uniqueKeysWithValues: samples))
            }
        }
        input.copiedMedia = Self.media(in: order.map { read[$0].folder })
        let builder = SiteBuilder(templates: project.rootURL.appendingPathComponent("templates"), configuration: shares.configuration(configuration))
        let display = project.rootPath == "." ? "generated/site" : (project.rootPath as NSString).appendingPathComponent("generated/site")
        var summary = try SitePipeline.reporting(at: display) {
            try SiteWriter(generated: project.rootURL.appendingPathComponent("generated")).write { draft in try builder.render(input, into: &draft) }
        }
        let engine = DiagnosticEngine()
        for index in order { engine.emit(contentsOf: read[index].part.diagnostics) }
        engine.emit(contentsOf: summary.warnings.map { .warning("interface-strings", at: nil, $0) })
        summary.kept = 0
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        Console.current.output("site: \(summary.line); merged from \(parts.count) parts; \(seconds)s → \(display)\n")
        engine.print()
        try engine.exit(failOn: failOn)
    }

    /// The images the parts copied (`media/` of each), each name once: a name is a hash of the
    /// content, so two parts holding one name hold the same file.
    static func media(in folders: [URL]) -> [MediaFile] {
        var files: [String: MediaFile] = [:]
        for folder in folders {
            let media = folder.appendingPathComponent("media", isDirectory: true)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: media.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") && files["media/" + name] == nil {
                files["media/" + name] = MediaFile(path: "media/" + name, source: media.appendingPathComponent(name))
            }
        }
        return files.values.sorted { $0.path < $1.path }
    }

    /// Every shard 1…n of one n, each once: a missing or repeated shard would give a wrong report.
    static func checkComplete(_ shards: [Shard?], names: [String]) throws {
        let known = shards.compactMap { $0 }
        guard let count = known.first?.count else { return }
        let problem: String?
        if known.count != shards.count || known.contains(where: { $0.count != count }) {
            problem = "the parts come from different splits (\(shards.map { $0?.description ?? "unsharded" }.joined(separator: ", ")))"
        } else if let repeated = known.sorted(by: { $0.index < $1.index }).adjacentDuplicate {
            problem = "shard \(repeated) is given twice"
        } else if Set(known.map(\.index)) != Set(1...count) {
            let missing = Set(1...count).subtracting(known.map(\.index)).sorted()
            problem = "shards \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) are missing"
        } else {
            problem = nil
        }
        if let problem { throw InputFailure(.error("part-incomplete", at: SourceLocation(path: names[0]), "cannot merge: \(problem)")) }
    }
}

extension Array where Element == Shard {
    /// The first element equal to the one before it.
    fileprivate var adjacentDuplicate: Shard? {
        zip(self, dropFirst()).first { $0 == $1 }?.0
    }
}
