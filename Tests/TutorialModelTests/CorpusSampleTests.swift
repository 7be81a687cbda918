import DocFXDialect
import Foundation
import StepwiseTestSupport
import Testing
@testable import TutorialModel

/// The hand-labelled corpus sample (`CorpusSample/`, see its README): 34 real fr-fr Azure articles,
/// with their includes, labelled by reading the Markdown. Measures the model against the labels over
/// all articles — precision and recall of steps (matched by line) and of code samples (matched by
/// their first line), language accuracy (overall and for untagged blocks), target files — and holds
/// it to issue 12's thresholds: ≥ 0.98 precision and recall for steps and samples, ≥ 0.95 language.
@Suite struct CorpusSampleTests {
    /// One article's labels (`CorpusSample/labels/<name>.json`).
    struct Labels: Decodable {
        struct Step: Decodable {
            var line: Int
            var shown_number: Int
        }

        struct Sample: Decodable {
            var line: Int
            /// `fence`, `indented` or `code-reference`.
            var kind: String
            var info: String?
            var tagged: Bool
            var first_line_text: String
            var language: String
            var also_accepted: [String]
            var target_file: String?
            var target_file_also_accepted: [String?]
        }

        var article: String
        /// Labelled after the model was fixed on the other articles: an unbiased check of the fixes.
        var held_out: Bool
        /// 1: labelled after the first fixes; 2: labelled after the fixes the first set prompted.
        var held_out_set: Int
        var steps: [Step]
        var samples: [Sample]
    }

    /// What the model got wrong in one article, for the table printed on failure.
    struct ArticleResult {
        var article: String
        var steps = (labelled: 0, found: 0, matched: 0)
        var samples = (labelled: 0, found: 0, matched: 0)
        var problems: [String] = []
    }

    /// The totals over every article.
    struct Totals {
        var steps = (labelled: 0, found: 0, matched: 0, shownRight: 0)
        var samples = (labelled: 0, found: 0, matched: 0)
        var language = (compared: 0, right: 0)
        var untaggedLanguage = (compared: 0, right: 0)
        var files = (labelled: 0, right: 0, compared: 0, agreeing: 0)
        var articles: [ArticleResult] = []

        static func ratio(_ part: Int, _ whole: Int) -> Double { whole == 0 ? 1 : Double(part) / Double(whole) }
        var stepPrecision: Double { Self.ratio(steps.matched, steps.found) }
        var stepRecall: Double { Self.ratio(steps.matched, steps.labelled) }
        var samplePrecision: Double { Self.ratio(samples.matched, samples.found) }
        var sampleRecall: Double { Self.ratio(samples.matched, samples.labelled) }
        var languageAccuracy: Double { Self.ratio(language.right, language.compared) }
        var untaggedLanguageAccuracy: Double { Self.ratio(untaggedLanguage.right, untaggedLanguage.compared) }

        var summary: String {
            func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }
            return """
                corpus sample: \(articles.count) articles
                steps: precision \(percent(stepPrecision)) (\(steps.matched)/\(steps.found)), recall \(percent(stepRecall)) (\(steps.matched)/\(steps.labelled)); shown numbers right \(steps.shownRight)/\(steps.matched)
                samples: precision \(percent(samplePrecision)) (\(samples.matched)/\(samples.found)), recall \(percent(sampleRecall)) (\(samples.matched)/\(samples.labelled))
                language: \(percent(languageAccuracy)) (\(language.right)/\(language.compared)); untagged \(percent(untaggedLanguageAccuracy)) (\(untaggedLanguage.right)/\(untaggedLanguage.compared))
                target files: \(files.right)/\(files.labelled) labelled files found; \(files.agreeing)/\(files.compared) matched samples agree (file or none)
                """
        }

        /// Every article with a mismatch, and what it was.
        var mismatchTable: String {
            var rows = ["article | steps labelled/found/matched | samples labelled/found/matched | mismatches"]
            for result in articles where !result.problems.isEmpty {
                rows.append(
                    "\(result.article) | \(result.steps.labelled)/\(result.steps.found)/\(result.steps.matched) | "
                        + "\(result.samples.labelled)/\(result.samples.found)/\(result.samples.matched) | "
                        + result.problems.joined(separator: "; "))
            }
            return rows.joined(separator: "\n")
        }
    }

    static var folder: URL { Bundle.module.url(forResource: "CorpusSample", withExtension: nil)! }

    static func labels() throws -> [Labels] {
        let urls = try FileManager.default.contentsOfDirectory(
            at: folder.appendingPathComponent("labels"), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        return try urls.map { try JSONDecoder().decode(Labels.self, from: Data(contentsOf: $0)) }
    }

    /// The lines a sample labelled at `line` may start on in the model: the labelled line, and for
    /// a fence (also one indented into a code block) the first non-blank line after it (blockquote
    /// markers ignored).
    static func acceptedLines(_ sample: Labels.Sample, lines: [String]) -> Set<Int> {
        var accepted: Set<Int> = [sample.line]
        guard sample.kind == "fence" || sample.first_line_text.hasPrefix("```") || sample.first_line_text.hasPrefix("~~~") else {
            return accepted
        }
        var index = sample.line  // the line after the fence, 0-based
        while index < lines.count {
            var text = Substring(lines[index]).drop { $0 == " " || $0 == "\t" }
            while text.first == ">" { text = text.dropFirst().drop { $0 == " " || $0 == "\t" } }
            if !text.isEmpty {
                accepted.insert(index + 1)
                break
            }
            index += 1
        }
        return accepted
    }

    /// Models every labelled article and compares it with its labels.
    static func measure(_ labels: [Labels]) throws -> Totals {
        let content = folder.appendingPathComponent("content", isDirectory: true)
        let loader = DocumentLoader(workingDirectory: content, defaultLocale: "en-us", contentRoot: content)
        let extractor = TutorialExtractor(loader: loader)
        var totals = Totals()
        for label in labels {
            let url = content.appendingPathComponent(label.article)
            let lines = try RepositoryFiles.lines(of: url)
            // A missing include (the corpus lacks one) is a problem, not a stop: model what can be read.
            let document = try #require(loader.loadReportingProblems(url).document)
            let tutorial = extractor.extract(document)
            var result = ArticleResult(article: label.article)

            // Steps, matched by line.
            let steps = tutorial.allSteps.filter { $0.origin.path == label.article }
            let stepsByLine = Dictionary(steps.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })
            let labelledStepLines = Set(label.steps.map(\.line))
            result.steps = (label.steps.count, steps.count, 0)
            for expected in label.steps {
                guard let step = stepsByLine[expected.line] else {
                    result.problems.append("step \(expected.line) (\(expected.shown_number).) missed")
                    continue
                }
                result.steps.matched += 1
                if step.shownNumber == expected.shown_number {
                    totals.steps.shownRight += 1
                } else {
                    result.problems.append("step \(expected.line) shown \(step.shownNumber), labelled \(expected.shown_number)")
                }
            }
            for step in steps where !labelledStepLines.contains(step.line) {
                result.problems.append("step \(step.line) (\(step.shownNumber).) not labelled")
            }

            // Samples, matched by first line; an unresolvable code reference may be the model's
            // visible `missing` placeholder at its line.
            let samples = tutorial.allCode.filter { $0.origin.path == label.article }
            let placeholders = Set(
                (tutorial.sections.flatMap(\.alerts) + tutorial.allSteps.flatMap(\.alerts))
                    .filter { $0.kind == "missing" && $0.origin.path == label.article }.map(\.line))
            var used = Set<Int>()  // indices of matched model samples
            result.samples = (label.samples.count, samples.count, 0)
            for expected in label.samples {
                let accepted = acceptedLines(expected, lines: lines)
                guard let index = samples.indices.first(where: { !used.contains($0) && accepted.contains(samples[$0].line) }) else {
                    if expected.kind == "code-reference", placeholders.contains(expected.line) {
                        result.samples.matched += 1
                        result.samples.found += 1  // the placeholder stands where the sample would
                    } else {
                        result.problems.append("sample \(expected.line) (\(expected.language)) missed")
                    }
                    continue
                }
                used.insert(index)
                result.samples.matched += 1
                let sample = samples[index]
                let languageRight = sample.language == expected.language || expected.also_accepted.contains(sample.language)
                totals.language.compared += 1
                if languageRight { totals.language.right += 1 }
                if !expected.tagged {
                    totals.untaggedLanguage.compared += 1
                    if languageRight { totals.untaggedLanguage.right += 1 }
                }
                if !languageRight {
                    let tag = expected.info.map { "```\($0)" } ?? "untagged"
                    result.problems.append("sample \(expected.line) (\(tag)) language \(sample.language), labelled \(expected.language)")
                }
                let file = sample.file ?? sample.inferredFile
                let acceptedFiles = [expected.target_file] + expected.target_file_also_accepted
                let fileRight = acceptedFiles.contains(file)
                totals.files.compared += 1
                if fileRight { totals.files.agreeing += 1 }
                if expected.target_file != nil {
                    totals.files.labelled += 1
                    if fileRight { totals.files.right += 1 }
                }
                if !fileRight {
                    result.problems.append("sample \(expected.line) file \(file ?? "none"), labelled \(expected.target_file ?? "none")")
                }
            }
            for (index, sample) in samples.enumerated() where !used.contains(index) {
                result.problems.append("sample \(sample.line)-\(sample.endLine) (\(sample.language)) not labelled")
            }

            totals.steps.labelled += result.steps.labelled
            totals.steps.found += result.steps.found
            totals.steps.matched += result.steps.matched
            totals.samples.labelled += result.samples.labelled
            totals.samples.found += result.samples.found
            totals.samples.matched += result.samples.matched
            totals.articles.append(result)
        }
        return totals
    }

    @Test("the sample holds at least 30 labelled articles from at least 15 service folders")
    func sampleIsLargeAndDiverse() throws {
        let labels = try Self.labels()
        #expect(labels.count >= 30)
        let folders = Set(labels.map { $0.article.split(separator: "/").dropFirst(2).first.map(String.init) ?? "" })
        #expect(folders.count >= 15)
        for label in labels {
            let url = Self.folder.appendingPathComponent("content").appendingPathComponent(label.article)
            #expect(FileManager.default.fileExists(atPath: url.path), "\(label.article)")
        }
    }

    @Test("steps, samples and languages meet issue 12's thresholds on the hand-labelled corpus sample")
    func thresholds() throws {
        let labels = try Self.labels()
        let totals = try Self.measure(labels)
        let firstHeldOut = try Self.measure(labels.filter { $0.held_out_set == 1 })
        let secondHeldOut = try Self.measure(labels.filter { $0.held_out_set == 2 })
        print(totals.summary + "\n" + totals.mismatchTable
            + "\nfirst held-out set (labelled after the first model fixes):\n" + firstHeldOut.summary
            + "\nsecond held-out set (labelled after the fixes the first set prompted):\n" + secondHeldOut.summary + "\n" + secondHeldOut.mismatchTable)
        let report = "\n" + totals.summary + "\n" + totals.mismatchTable
        #expect(totals.stepPrecision >= 0.98, "step precision \(report)")
        #expect(totals.stepRecall >= 0.98, "step recall \(report)")
        #expect(totals.samplePrecision >= 0.98, "sample precision \(report)")
        #expect(totals.sampleRecall >= 0.98, "sample recall \(report)")
        #expect(totals.languageAccuracy >= 0.95, "language accuracy \(report)")
        #expect(totals.untaggedLanguageAccuracy >= 0.95, "untagged language accuracy \(report)")
    }
}
