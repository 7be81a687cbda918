/// Finds bilingual sentence pairs in a line and replaces each by one side of the pair.
enum BilingualSpanScanner {
    private static let open = "<span data-ttu-id=\""
    private static let lookup = "<span class=\"sxs-lookup\"><span data-stu-id=\""
    private static let close = "</span>"

    /// One pair found in a line, with the byte range it covers.
    struct Match {
        var range: Range<String.Index>
        var span: BilingualSpan
    }

    /// Every complete pair in `line` (line number `number`), left to right.
    static func matches(in line: String, number: Int) -> [Match] {
        // Most lines have no bilingual span; the byte search answers that without bridging to NSString.
        guard line.contains(open) else { return [] }
        var result: [Match] = []
        var searchStart = line.startIndex
        while let openRange = line[searchStart...].range(of: open) {
            guard let match = pair(in: line, at: openRange, number: number) else {
                searchStart = openRange.upperBound
                continue
            }
            result.append(match)
            searchStart = match.range.upperBound
        }
        return result
    }

    private static func pair(in line: String, at openRange: Range<String.Index>, number: Int) -> Match? {
        guard let idEnd = line[openRange.upperBound...].range(of: "\">"),
            let translationEnd = line[idEnd.upperBound...].range(of: close + lookup),
            let sourceIDEnd = line[translationEnd.upperBound...].range(of: "\">"),
            let sourceEnd = line[sourceIDEnd.upperBound...].range(of: close + close)
        else { return nil }
        let id = String(line[openRange.upperBound..<idEnd.lowerBound])
        let span = BilingualSpan(
            id: id,
            translation: String(line[idEnd.upperBound..<translationEnd.lowerBound]),
            source: String(line[sourceIDEnd.upperBound..<sourceEnd.lowerBound]),
            line: number,
            column: line.utf8.distance(from: line.startIndex, to: openRange.lowerBound) + 1)
        return Match(range: openRange.lowerBound..<sourceEnd.upperBound, span: span)
    }
}
