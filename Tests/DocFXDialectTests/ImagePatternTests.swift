@testable import DocFXDialect
import Foundation
import StepwiseDiagnostics
import StepwiseTestSupport
import Testing

/// The Markdown images of a line are read by `MarkdownImageScanner`: it must find what the patterns
/// it replaced find with ICU (kept here as the oracle, with code points as ICU reads them), and what
/// Swift's `Regex` (their first form) finds, whitespace outside ASCII included, wherever no combining
/// mark follows a delimiter (Swift reads characters: a mark joins the space or quote before it).
@Suite struct ImagePatternTests {
    nonisolated(unsafe) static let reference = /!\[(?<alt>[^\]]*)\]\[(?<label>[^\]]*)\]/
    nonisolated(unsafe) static let inline = /!\[(?<alt>[^\]]*)\]\(\s*<?(?<destination>(?:[^\s()<>]|\([^\s()]*\))+)>?(?:\s+["'](?<title>[^"']*)["'])?\s*\)/
    static let icuReference = FastRegex(#"!\[([^\]]*)\]\[([^\]]*)\]"#)
    static let icuInline = FastRegex(#"!\[([^\]]*)\]\(\s*<?((?:[^\s()<>]|\([^\s()]*\))+)>?(?:\s+["']([^"']*)["'])?\s*\)"#)

    static let lines = [
        "![alt](media/a.png)", "![alt](media/a.png \"Title\")", "![alt]( <media/a b.png> 'T' )", "![a](x(1).png) and ![b](y.png)",
        "![alt][label] then ![other][]", "text ![é](média/é.png) ![x](y.png\u{0B}\"t\")", "![x](\u{0B}a.png\u{85})", "![x](a\u{85}b.png)",
        "![x](a\u{A0}b.png)", "![x](a.png\u{2028}'t')", "![x](a.png\t\"tab\")", "![not closed](a.png", "![x] (a.png)", "![](a.png)",
        "日本語 ![図](画像/図.png \"説明\") ![x][y]",
        // Every White_Space code point (and others that are not) around and inside a destination.
        "![x](\u{1680}a.png\u{2000}\"t\"\u{3000})", "![x](a\u{200A}b.png)", "![x](a\u{202F}b.png)", "![x](a\u{205F}b.png)", "![x](a\u{3000}b.png)",
        "![x](a\u{200B}b.png)", "![x](a\u{FEFF}b.png)", "![x](a\u{2029}b.png)", "![x](a\u{C}b.png)", "![x](a\u{1C}b.png)", "![x](a\u{180E}b.png)",
        // Starts inside an alt text, images back to back, unclosed parts, parentheses, quotes and angle brackets.
        "![a![b](c.png)", "![a![b][c]", "![a](b.png)![c](d.png)![e][f]", "![a][b", "![a](", "![a]()", "![a](<>)", "![a](< b.png >)",
        "![a](<b.png)", "![a](b.png>)", "![a](b>c.png)", "![a](b<c.png)", "![a](x(y).png)", "![a](x(y)", "![a](x((y)).png)", "![a](x(y z).png)",
        "![a](x() \"t\")", "![a](x(<>).png)", "![a](b.png \"t)", "![a](b.png \"t\" x)", "![a](b.png \"t'  )", "![a](b.png\"t\")",
        "![a](b.png 't\" ) ![c](d.png)", "![a](  b.png  )", "![a](b.png )x) ![c](d)", "![a]] (b)", "!![a](b)", "![](<b>)", "![a](b \"\")",
        "![a](b.png \"t\" \"u\")", "![a][]![b](c)", "![é́](é́.png \"é́\")", "![a](b\u{301}.png)", "![a](b.png \u{301}\"t\")", "!",  "![", "![]",
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
        let scanned = ImageReference.scan(line, number: 1)
        if !line.unicodeScalars.contains(where: { $0.properties.generalCategory == .nonspacingMark }) {
            #expect(scanned == expected.sorted { $0.column < $1.column }, "\(line.debugDescription)")
        }
        #expect(scanned == icuImages(line), "\(line.debugDescription)")
    }

    @Test("every line of the bundled documents and the corpus sample gives the images the ICU patterns find")
    func documentLines() throws {
        let folders = [RepositoryFiles.content, RepositoryFiles.root.appendingPathComponent("Tests/StepwiseCommandsTests/Fixtures/corpus-sample")]
        var images = 0
        for folder in folders {
            let urls = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
            for url in urls where url.pathExtension == "md" {
                for line in try RepositoryFiles.lines(of: url) where line.contains("![") {
                    let scanned = ImageReference.scan(line, number: 1).filter { $0.syntax == .reference || $0.syntax == .inline }
                    #expect(scanned == icuImages(ImageReference.maskingCodeSpans(line)), "\(url.lastPathComponent): \(line)")
                    images += scanned.count
                }
            }
        }
        #expect(images >= 50)
    }

    /// The images the ICU patterns find in `line`, as `ImageReference.scan` made them.
    private func icuImages(_ line: String) -> [ImageReference] {
        func column(_ index: String.Index) -> Int { line.utf8.distance(from: line.startIndex, to: index) + 1 }
        var found: [ImageReference] = Self.icuReference.allMatches(in: line).compactMap { match in
            guard let whole = match[0], let alt = match[1], let label = match[2] else { return nil }
            return ImageReference(alt: String(alt), label: label.isEmpty ? String(alt) : String(label), line: 1, column: column(whole.startIndex))
        }
        found += Self.icuInline.allMatches(in: line).compactMap { match in
            guard let whole = match[0], let alt = match[1], let destination = match[2] else { return nil }
            var image = ImageReference(alt: String(alt), label: String(destination), line: 1, column: column(whole.startIndex))
            image.syntax = .inline
            image.destination = String(destination)
            image.title = match[3].map(String.init)
            return image
        }
        return found.sorted { $0.column < $1.column }
    }
}
