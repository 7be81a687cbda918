/// Reads the `if` conditions around a token into words: what holds inside, and what fails outside.
struct ConditionReader {
    struct Condition {
        var holds: String
        var fails: String
    }

    var tokens: [CodeToken]

    /// The conditions of every `if` whose block contains `index`, outermost first.
    func enclosing(_ index: Int) -> [Condition] {
        enclosingRanges(index).map(describe)
    }

    /// The token ranges of the conditions of every `if` whose block contains `index`, outermost first.
    func enclosingRanges(_ index: Int) -> [Range<Int>] {
        tokens.indices.compactMap { start -> Range<Int>? in
            guard start < index, tokens[start].isWord("if"), tokens[start + 1].isSymbol("(") else { return nil }
            let close = tokens.closing(start + 1)
            guard close + 1 < tokens.count else { return nil }
            let end = tokens[close + 1].isSymbol("{") ? tokens.closing(close + 1) : (tokens.first(in: close..<tokens.count) { $0.isSymbol(";") } ?? close)
            guard close < index, index < end else { return nil }
            return (start + 2)..<close
        }
    }

    /// `x != null` → "there is a x"; `!(a.State == S.A || a.State == S.B)` → "the state is neither A nor B".
    func describe(_ range: Range<Int>) -> Condition {
        let states = range.filter { index in
            index + 1 < range.upperBound && tokens[index].isSymbol(".") && tokens[index - 1].text.hasSuffix("State")
        }.map { tokens[$0 + 1].text }
        if !states.isEmpty {
            let negated = tokens[range.lowerBound].isSymbol("!")
            let any = "the outcome state is " + states.joined(separator: " or ")
            let none = "the outcome state is neither " + states.joined(separator: " nor ")
            return negated ? Condition(holds: none, fails: any) : Condition(holds: any, fails: none)
        }
        if range.count == 3, tokens[range.lowerBound + 1].isSymbol("!="), tokens[range.lowerBound + 2].isWord("null") {
            let name = tokens[range.lowerBound].text
            let article = "aeiou".contains(name.prefix(1).lowercased()) ? "an" : "a"
            return Condition(holds: "there is \(article) \(name)", fails: "there is no \(name)")
        }
        let text = tokens.spelled(range)
        return Condition(holds: text, fails: "not (\(text))")
    }

    /// The condition of the `if` whose block ends right before the `else` at `index`.
    func condition(beforeElse index: Int) -> Range<Int>? {
        guard index > 0, tokens[index - 1].isSymbol("}") else { return nil }
        var depth = 0
        var cursor = index - 1
        repeat {
            if tokens[cursor].isSymbol("}") { depth += 1 }
            if tokens[cursor].isSymbol("{") { depth -= 1 }
            cursor -= 1
        } while depth > 0 && cursor > 0
        let close = cursor
        guard close > 0, tokens[close].isSymbol(")") else { return nil }
        guard let start = tokens[..<close].lastIndex(where: { $0.isWord("if") }), tokens.closing(start + 1) == close else { return nil }
        return (start + 2)..<close
    }
}
