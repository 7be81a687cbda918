@testable import DocFXDialect
import Testing

/// The Markdown image patterns run with ICU; they must find what Swift's `Regex` (their first form,
/// kept here as the oracle) finds, whitespace outside ASCII included.
@Suite struct ImagePatternTests {
    nonisolated(unsafe) static let reference = /!\[(?<alt>[^\]]*)\]\[(?<label>[^\]]*)\]/
    nonisolated(unsafe) static let inline = /!\[(?<alt>[^\]]*)\]\(\s*<?(?<destination>(?:[^\s()<>]|\([^\s()]*\))+)>?(?:\s+["'](?<title>[^"']*)["'])?\s*\)/

    static let lines = [
        "![alt](media/a.png)", "![alt](media/a.png \"Title\")", "![alt]( <media/a b.png> 'T' )", "![a](x(1).png) and ![b](y.png)",
        "![alt][label] then ![other][]", "text ![é](média/é.png) ![x](y.png\u{0B}\"t\")", "![x](\u{0B}a.png\u{85})", "![x](a\u{85}b.png)",
        "![x](a\u{A0}b.png)", "![x](a.png\u{2028}'t')", "![x](a.png\t\"tab\")", "![not closed](a.png", "![x] (a.png)", "![](a.png)",
        "日本語 ![図](画像/図.png \"説明\") ![x][y]",
    ]

    @Test("every image the Swift patterns find, at the same column, with the same parts", arguments: lines)
    func sameImages(_ line: String) {
        func column(_ index: String.Index) -> Int { line.utf8.distance(from: line.startIndex, to: index) + 1 }
        var expected: [ImageReference] = line.matches(of: Self.reference).map { match in
            let label = String(match.output.label)
            return ImageReference(alt: String(match.output.alt), label: label.isEmpty ? String(match.output.alt) : label, line: 1, column: column(match.range.lowerBound))
        }
        expected += line.matches(of: Self.inline).map { match in
            var image = ImageReference(alt: String(match.output.alt), label: String(match.output.destination), line: 1, column: column(match.range.lowerBound))
            image.syntax = .inline
            image.destination = String(match.output.destination)
            image.title = match.output.title.map(String.init)
            return image
        }
        #expect(ImageReference.scan(line, number: 1) == expected.sorted { $0.column < $1.column }, "\(line.debugDescription)")
    }
}
