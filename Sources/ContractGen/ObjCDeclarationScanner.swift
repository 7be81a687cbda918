import Foundation

/// Finds Objective-C interfaces, properties and methods in tokens.
struct ObjCDeclarationScanner {
    var tokens: [CodeToken]

    /// Every method, declared (`;`) or defined (`{ … }`), in token order.
    func methods(in range: Range<Int>? = nil) -> [ObjCMethod] {
        let range = range ?? tokens.indices
        return range.compactMap { index in
            guard tokens[index].isSymbol("-") || tokens[index].isSymbol("+"), isLineStart(index),
                index + 1 < range.upperBound, tokens[index + 1].isSymbol("(")
            else { return nil }
            return method(at: index, limit: range.upperBound)
        }
    }

    /// Every `@interface … @end` block.
    func interfaces() -> [ObjCInterface] {
        tokens.indices.compactMap { index in
            guard tokens[index].isWord("@interface"), index + 1 < tokens.count else { return nil }
            let end = tokens.first(in: index..<tokens.count) { $0.isWord("@end") } ?? tokens.count
            let isExtension = index + 2 < tokens.count && tokens[index + 2].isSymbol("(")
            let superclass = index + 3 < end && tokens[index + 2].isSymbol(":") ? tokens[index + 3].text : nil
            return ObjCInterface(
                name: tokens[index + 1].text, superclass: superclass, isExtension: isExtension,
                properties: properties(in: index..<end), methods: methods(in: index..<end), line: tokens[index].line)
        }
    }

    private func isLineStart(_ index: Int) -> Bool {
        index == 0 || tokens[index - 1].line < tokens[index].line
    }

    private func method(at index: Int, limit: Int) -> ObjCMethod? {
        let returnClose = tokens.closing(index + 1)
        var cursor = returnClose + 1
        var parts: [ObjCMethod.Part] = []
        while cursor < limit, tokens[cursor].kind == .identifier {
            let keyword = tokens[cursor].text
            guard cursor + 1 < limit, tokens[cursor + 1].isSymbol(":") else {
                parts.append(.init(keyword: keyword))
                cursor += 1
                break
            }
            let typeClose = tokens.closing(cursor + 2)
            parts.append(.init(keyword: keyword, type: tokens.spelled((cursor + 3)..<typeClose), name: tokens[typeClose + 1].text))
            cursor = typeClose + 2
        }
        guard !parts.isEmpty else { return nil }
        if cursor < limit, tokens[cursor].isSymbol(";"), cursor + 1 < limit, !tokens[cursor + 1].isSymbol("{") {
            return ObjCMethod(isInstance: tokens[index].text == "-", returnType: tokens.spelled((index + 2)..<returnClose), parts: parts, body: nil, line: tokens[index].line)
        }
        let open = tokens.first(in: cursor..<limit) { $0.isSymbol("{") || $0.isSymbol("-") }
        let body = open.flatMap { tokens[$0].isSymbol("{") ? ($0 + 1)..<tokens.closing($0) : nil }
        return ObjCMethod(isInstance: tokens[index].text == "-", returnType: tokens.spelled((index + 2)..<returnClose), parts: parts, body: body, line: tokens[index].line)
    }

    private func properties(in range: Range<Int>) -> [ObjCProperty] {
        range.compactMap { index in
            guard tokens[index].isWord("@property") else { return nil }
            var cursor = index + 1
            var attributes: [String] = []
            if tokens[cursor].isSymbol("(") {
                let close = tokens.closing(cursor)
                attributes = tokens.split((cursor + 1)..<close, separator: ",").map { tokens.spelled($0) }
                cursor = close + 1
            }
            guard let semicolon = tokens.first(in: cursor..<range.upperBound, where: { $0.isSymbol(";") }) else { return nil }
            let type = tokens.spelled(cursor..<(semicolon - 1)).replacingOccurrences(of: "IBOutlet ", with: "")
            return ObjCProperty(attributes: attributes, type: type, name: tokens[semicolon - 1].text, line: tokens[index].line)
        }
    }
}
