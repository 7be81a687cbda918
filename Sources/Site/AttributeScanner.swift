import CommonMark

/// Scans one tag after its `<`: the name, attributes and the closing `>`.
struct AttributeScanner {
    let chars: [Character]
    var index: Int

    mutating func scanTag() -> (HTMLTokenizer.Token, Int)? {
        let closing = chars[index] == "/"
        if closing || chars[index] == "!" { index += 1 }
        let name = word().lowercased()
        var attributes: [(String, String)] = []
        var selfClosing = false
        while index < chars.count, chars[index] != ">" {
            if chars[index] == "/" { selfClosing = true; index += 1; continue }
            if chars[index].isWhitespace { index += 1; continue }
            let attribute = word().lowercased()
            if attribute.isEmpty { index += 1; continue }
            attributes.append((attribute, value()))
        }
        guard index < chars.count else { return nil }
        let end = index + 1
        if closing { return (.endTag(name), end) }
        if name.isEmpty { return (.comment, end) }
        // A plain loop: `attributes.map { … HTMLTokenizer(" ").decodeEntities($0.1) }` here crashed
        // release builds (Swift 6.3.1) with a use-after-free inside this function, seen by valgrind.
        var pairs: [HTMLTokenizer.Attribute] = []
        pairs.reserveCapacity(attributes.count)
        for (attribute, value) in attributes {
            pairs.append(HTMLTokenizer.Attribute(name: attribute, value: HTMLEntities.decode(value)))
        }
        return (.startTag(name: name, attributes: pairs, selfClosing: selfClosing), end)
    }

    private mutating func word() -> String {
        let start = index
        while index < chars.count, !chars[index].isWhitespace, !"=>/\"'".contains(chars[index]) { index += 1 }
        return String(chars[start..<index])
    }

    private mutating func value() -> String {
        while index < chars.count, chars[index].isWhitespace { index += 1 }
        guard index < chars.count, chars[index] == "=" else { return "" }
        index += 1
        while index < chars.count, chars[index].isWhitespace { index += 1 }
        guard index < chars.count else { return "" }
        if chars[index] == "\"" || chars[index] == "'" {
            let quote = chars[index]
            let start = index + 1
            index = start
            while index < chars.count, chars[index] != quote { index += 1 }
            defer { index = min(index + 1, chars.count) }
            return String(chars[start..<min(index, chars.count)])
        }
        let start = index
        while index < chars.count, !chars[index].isWhitespace, chars[index] != ">" { index += 1 }
        return String(chars[start..<index])
    }
}
