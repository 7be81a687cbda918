import Foundation
import StepwiseTestSupport
import Testing
@testable import TutorialModel

/// Compares the model of each sample document with its hand-checked gold labels.
@Suite struct GoldComparisonTests {
    static let prefixes = RepositoryFiles.seeds.map(\.gold)

    private func model(_ prefix: String) throws -> (Tutorial, [String], String) {
        let url = RepositoryFiles.seed(prefix)
        let tutorial = try TutorialExtractor.seeds.extract(url)
        return (tutorial, try RepositoryFiles.lines(of: url), tutorial.source)
    }

    /// Sections and code that stand in the document itself (includes come in addition).
    private func ownSections(_ tutorial: Tutorial, path: String) -> [Section] {
        tutorial.sections.filter { $0.origin.path == path }
    }

    @Test("every section title, level, line, anchor and missing-space flag matches the gold", arguments: prefixes)
    func sectionsMatchGold(prefix: String) throws {
        let gold = try GoldLabels.load(prefix)
        let (tutorial, _, path) = try model(prefix)
        let sections = ownSections(tutorial, path: path)
        #expect(sections.count == gold.counts.sections)
        for (expected, actual) in zip(gold.sections, sections) {
            #expect(actual.title == expected.title)
            #expect(actual.level == expected.level)
            #expect(actual.line == expected.line)
            #expect(actual.headingMissingSpace == expected.heading_missing_space)
            #expect(actual.anchor == expected.anchor)
            #expect(actual.sourceTitle == expected.source_title)
        }
        #expect(tutorial.title == gold.title)
        #expect(tutorial.metadata.title == gold.metadata_title)
    }

    @Test("every step line and shown number matches the gold, per section", arguments: prefixes)
    func stepsMatchGold(prefix: String) throws {
        let gold = try GoldLabels.load(prefix)
        let (tutorial, _, path) = try model(prefix)
        let sections = ownSections(tutorial, path: path)
        for (expected, actual) in zip(gold.sections, sections) {
            let steps = actual.steps.filter { $0.origin.path == path }
            #expect(steps.map(\.line) == expected.steps.map(\.line), "\(expected.title)")
            #expect(steps.map(\.shownNumber) == expected.steps.map(\.shown_number), "\(expected.title)")
            #expect(steps.map(\.ordinal) == steps.indices.map { $0 + 1 })
        }
        #expect(sections.flatMap(\.steps).count == gold.counts.steps)
    }

    @Test("every code sample matches the gold: lines, text, language, file, damage", arguments: prefixes)
    func codeMatchesGold(prefix: String) throws {
        let gold = try GoldLabels.load(prefix)
        let (tutorial, lines, path) = try model(prefix)
        var total = 0
        for (expected, actual) in zip(gold.sections, ownSections(tutorial, path: path)) {
            let samples = actual.steps.enumerated().flatMap { index, step in step.code.map { (Optional(index), $0) } }
                + actual.code.map { (Int?.none, $0) }
            #expect(samples.count == expected.code.count, "\(expected.title)")
            for (label, (stepIndex, sample)) in zip(expected.code, samples) {
                let where_ = "\(prefix) line \(label.first_line)"
                #expect(stepIndex == label.step_index, "\(where_)")
                #expect(sample.line == label.first_line, "\(where_)")
                #expect(sample.endLine == label.last_line, "\(where_)")
                #expect(lines[sample.line - 1].trimmingCharacters(in: .whitespaces) == label.first_code_line, "\(where_)")
                #expect(lines[sample.endLine - 1].trimmingCharacters(in: .whitespaces) == label.last_code_line, "\(where_)")
                #expect(sample.nonBlankLines == label.nonblank_lines, "\(where_)")
                #expect(sample.language == label.language, "\(where_)")
                #expect(sample.file == label.target_file, "\(where_)")
                #expect(sample.inferredFile == label.target_file_inferred, "\(where_)")
                #expect((sample.damage != nil) == label.damaged, "\(where_)")
                #expect(sample.origin.path == path)
                if label.recoverable_from_source_span == true {
                    let recovered = sample.text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                    #expect(sample.damage?.recovered == true)
                    #expect(recovered.first == label.first_code_line_recovered)
                    #expect(recovered.last == label.last_code_line_recovered)
                }
                total += 1
            }
        }
        #expect(total == gold.counts.code_samples)
        #expect(tutorial.allCode.filter { $0.origin.path == path && $0.damage != nil }.count == gold.counts.damaged_samples)
    }

    @Test("include directives are found with their spelling, name and path", arguments: prefixes)
    func includesMatchGold(prefix: String) throws {
        let gold = try GoldLabels.load(prefix)
        let (tutorial, _, path) = try model(prefix)
        let own = tutorial.includes.filter { $0.origin.path == path }
        #expect(own.map(\.name) == gold.includes.map(\.name))
        #expect(own.map(\.syntax) == gold.includes.map(\.syntax))
        #expect(own.map(\.path) == gold.includes.map(\.path))
        #expect(own.map(\.origin.line) == gold.includes.map(\.line))
    }

    @Test("the totals are 25 sections, 125 steps, 73 code samples and 14 damaged")
    func totalsMatchGold() throws {
        var sections = 0, steps = 0, code = 0, damaged = 0
        for prefix in Self.prefixes {
            let (tutorial, _, path) = try model(prefix)
            let own = ownSections(tutorial, path: path)
            sections += own.count
            steps += own.flatMap(\.steps).count
            let samples = tutorial.allCode.filter { $0.origin.path == path }
            code += samples.count
            damaged += samples.filter { $0.damage != nil }.count
        }
        let totals: [Int] = [sections, steps, code, damaged]
        #expect(totals == [25, 125, 73, 14])
    }
}
