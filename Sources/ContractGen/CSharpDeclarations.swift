/// A C# method declaration found in a sample: signature, body and the comments just above it.
public struct CSharpMethod: Hashable, Sendable {
    public var modifiers: [String]
    public var returnType: String
    public var name: String
    public var parameters: [CSharpParameter]
    /// Token indexes of the body, braces excluded.
    public var body: Range<Int>
    public var line: Int
    /// Comment lines directly above the declaration.
    public var comments: [String]
}

/// One parameter of a C# method.
public struct CSharpParameter: Hashable, Sendable {
    public var attributes: [String]
    public var type: String
    public var name: String
    public var defaultValue: String?
}

/// A C# class with its auto-properties (`public string Platform { get; set; }`).
public struct CSharpClass: Hashable, Sendable {
    public var name: String
    public var properties: [CSharpProperty]
    public var line: Int
}

/// An auto-property of a C# class.
public struct CSharpProperty: Hashable, Sendable {
    public var type: String
    public var name: String
    public var line: Int
}

/// Finds class and method declarations in C# tokens.
struct CSharpDeclarationScanner {
    static let modifiers: Set<String> = ["public", "private", "protected", "internal", "static", "async", "override", "virtual"]
    var tokens: [CodeToken]

    /// Every method declaration with a body, outermost first.
    func methods() -> [CSharpMethod] {
        tokens.indices.compactMap(method(at:))
    }

    /// Every class declaration with its properties.
    func classes() -> [CSharpClass] {
        tokens.indices.compactMap { index in
            guard tokens[index].isWord("class"), index + 2 < tokens.count, tokens[index + 1].kind == .identifier,
                let open = tokens.first(in: (index + 2)..<tokens.count, where: { $0.isSymbol("{") })
            else { return nil }
            let body = (open + 1)..<tokens.closing(open)
            return CSharpClass(name: tokens[index + 1].text, properties: properties(in: body), line: tokens[index].line)
        }
    }

    private func properties(in body: Range<Int>) -> [CSharpProperty] {
        tokens.topLevel(body).compactMap { index in
            guard index + 2 < body.upperBound, tokens[index].isSymbol("{"), tokens[index + 1].isWord("get"),
                tokens[index - 1].kind == .identifier
            else { return nil }
            var start = index - 2
            while start > body.lowerBound, !Self.modifiers.contains(tokens[start].text), !tokens[start].isSymbol(";"),
                !tokens[start].isSymbol("}") { start -= 1 }
            return CSharpProperty(type: tokens.spelled((start + 1)..<(index - 1)), name: tokens[index - 1].text, line: tokens[index - 1].line)
        }
    }

    private func method(at index: Int) -> CSharpMethod? {
        guard Self.modifiers.contains(tokens[index].text), index == 0 || !Self.modifiers.contains(tokens[index - 1].text),
            let open = tokens.first(in: index..<min(index + 12, tokens.count), where: { $0.isSymbol("(") || $0.isSymbol("{") || $0.isSymbol("=") || $0.isSymbol(";") }),
            tokens[open].isSymbol("("), open > index, tokens[open - 1].kind == .identifier
        else { return nil }
        let close = tokens.closing(open)
        guard close + 1 < tokens.count, tokens[close + 1].isSymbol("{") else { return nil }
        var end = index
        while Self.modifiers.contains(tokens[end].text) { end += 1 }
        return CSharpMethod(
            modifiers: tokens[index..<end].map(\.text),
            returnType: tokens.spelled(end..<(open - 1)),
            name: tokens[open - 1].text,
            parameters: tokens.split((open + 1)..<close, separator: ",").map(parameter),
            body: (close + 2)..<tokens.closing(close + 1),
            line: tokens[index].line,
            comments: comments(before: index))
    }

    private func parameter(_ range: Range<Int>) -> CSharpParameter {
        var start = range.lowerBound
        var attributes: [String] = []
        while start < range.upperBound, tokens[start].isSymbol("[") {
            let close = tokens.closing(start)
            attributes.append(tokens.spelled((start + 1)..<close))
            start = close + 1
        }
        let parts = tokens.split(start..<range.upperBound, separator: "=")
        let declaration = parts.first ?? start..<range.upperBound
        return CSharpParameter(
            attributes: attributes,
            type: tokens.spelled(declaration.lowerBound..<(declaration.upperBound - 1)),
            name: tokens[declaration.upperBound - 1].text,
            defaultValue: parts.count > 1 ? tokens.spelled(parts[1]) : nil)
    }

    private func comments(before index: Int) -> [String] {
        var result: [String] = []
        var cursor = index - 1
        while cursor >= 0, tokens[cursor].kind == .comment {
            result.insert(tokens[cursor].text, at: 0)
            cursor -= 1
        }
        return result
    }
}
