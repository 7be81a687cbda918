import Foundation
import StepwiseTestSupport
import Testing
@testable import TutorialModel

@Suite struct TutorialCompactionTests {
    /// Every array of inline spans in `tutorial`'s prose and steps, table cells and link children too.
    private func spanArrays(_ tutorial: Tutorial) -> [[InlineSpan]] {
        func arrays(_ spans: [InlineSpan]) -> [[InlineSpan]] { [spans] + spans.compactMap(\.children).flatMap(arrays) }
        func arrays(_ paragraph: Paragraph) -> [[InlineSpan]] {
            arrays(paragraph.inlines) + (paragraph.table.map { ($0.header + $0.rows.flatMap { $0 }).flatMap(arrays) } ?? [])
        }
        return tutorial.sections.flatMap { section in
            section.paragraphs.flatMap(arrays) + section.alerts.flatMap { $0.blocks.flatMap(arrays) }
                + section.steps.flatMap { step in arrays(step.inlines) + step.details.flatMap(arrays) }
        }
    }

    @Test("a compacted model is the same model", arguments: RepositoryFiles.seeds.map(\.gold))
    func sameModel(seed: String) throws {
        let tutorial = try TutorialExtractor.seeds.extract(RepositoryFiles.seed(seed))
        let compacted = tutorial.compacted()
        #expect(compacted == tutorial)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(compacted) == encoder.encode(tutorial))
    }

    @Test("a compacted model stores its arrays at their size, where appending left them larger", arguments: RepositoryFiles.seeds.map(\.gold))
    func exactStorage(seed: String) throws {
        let tutorial = try TutorialExtractor.seeds.extract(RepositoryFiles.seed(seed))
        let before = spanArrays(tutorial), after = spanArrays(tutorial.compacted())
        #expect(before.map(\.count) == after.map(\.count))
        #expect(before.reduce(0) { $0 + $1.capacity - $1.count } > 0, "the extractor's arrays have room to spare")
        // The allocator rounds a buffer up to 16 bytes, never by a whole span.
        #expect(after.allSatisfy { $0.capacity == $0.count })
        #expect(tutorial.compacted().sections.allSatisfy { $0.paragraphs.capacity == $0.paragraphs.count && $0.steps.capacity == $0.steps.count })
    }
}
