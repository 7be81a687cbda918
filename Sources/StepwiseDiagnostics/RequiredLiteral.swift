/// The longest run of plain characters that every match of an ICU regular expression contains, so
/// that text without it is skipped before the (much slower) regex runs.
///
/// Only what is certain counts: characters outside groups, character classes and escapes, in a
/// pattern without top-level alternation; a character a quantifier makes optional (`?`, `*`, `{…}`)
/// is left out. A pattern that may change how literals match (case-insensitive or free-spacing
/// flags, `\Q…\E` quoting, escapes that spell characters) has none.
public enum RequiredLiteral {
    public static func longest(in pattern: String) -> String? {
        let characters = Array(pattern)
        guard !hasUnsupportedSyntax(pattern) else { return nil }
        var runs: [String] = []
        var run = ""
        var depth = 0
        var index = 0
        func endRun() {
            if !run.isEmpty { runs.append(run) }
            run = ""
        }
        while index < characters.count {
            let character = characters[index]
            index += 1
            switch character {
            case "\\":
                guard index < characters.count else { return nil }
                let escaped = characters[index]
                index += 1
                if escaped.isLetter || escaped.isNumber {
                    // `\b`, `\s`, `\p{L}`: not a literal; skip a property's braces.
                    endRun()
                    if index < characters.count, characters[index] == "{" {
                        guard let close = braceEnd(characters, from: index, allowing: { $0.isLetter || $0.isNumber || "_=-: ".contains($0) }) else {
                            return nil
                        }
                        index = close + 1
                    }
                } else if depth == 0 {
                    run.append(escaped)
                } else {
                    endRun()
                }
            case "(":
                depth += 1
                endRun()
            case ")":
                depth -= 1
                endRun()
            case "[":
                endRun()
                guard let close = classEnd(characters, from: index) else { return nil }
                index = close + 1
            case "|":
                if depth == 0 { return nil }
                endRun()
            case "?", "*", "{":
                // The character before is optional (or the quantifier follows a group or class).
                if !run.isEmpty { run.removeLast() }
                endRun()
                if character == "{" {
                    guard let close = braceEnd(characters, from: index - 1, allowing: { $0.isNumber || $0 == "," }) else { return nil }
                    index = close + 1
                }
            case "+":
                endRun()
            case ".", "^", "$":
                endRun()
            default:
                if depth == 0 { run.append(character) } else { endRun() }
            }
        }
        endRun()
        return runs.max { $0.utf8.count < $1.utf8.count }
    }

    /// What every match of `pattern` contains, as a list of requirements that all hold: each one
    /// names literals of which at least one occurs in any match. The longest required literal (one
    /// choice), then each group that every match passes through (not made optional by `?`, `*` or
    /// `{…}`) whose branches all have a required literal, and the branches of a top-level
    /// alternation. `\b(public|private)\s+` → `[["public", "private"]]`. Empty when nothing is certain.
    public static func requirements(in pattern: String) -> [[String]] {
        guard !hasUnsupportedSyntax(pattern) else { return [] }
        let characters = Array(pattern)
        let topBranches = branches(characters[...])
        if topBranches.count > 1 {
            let literals = topBranches.map { longest(in: String($0)) }
            return literals.contains(nil) ? [] : [literals.compactMap { $0 }]
        }
        var result: [[String]] = longest(in: pattern).map { [[$0]] } ?? []
        var index = 0
        while index < characters.count {
            switch characters[index] {
            case "\\":
                index += 2
            case "[":
                guard let close = classEnd(characters, from: index + 1) else { return result }
                index = close + 1
            case "(":
                guard let close = groupEnd(characters, from: index) else { return result }
                let next = close + 1 < characters.count ? characters[close + 1] : nil
                let optional = next == "?" || next == "*" || next == "{"
                var body = characters[(index + 1)..<close]
                if body.first == "?" {
                    // `(?:…)` and `(?<name>…)` hold their body; lookarounds and `(?m)` flags do not count.
                    if body.dropFirst().first == ":" {
                        body = body.dropFirst(2)
                    } else if body.dropFirst().first == "<", let third = body.dropFirst(2).first, third != "=", third != "!",
                        let end = body.firstIndex(of: ">")
                    {
                        body = body[(end + 1)...]
                    } else {
                        body = []
                    }
                }
                if !optional, !body.isEmpty {
                    let literals = branches(body).map { longest(in: String($0)) }
                    if !literals.contains(nil), literals.count > 1 || result.first != literals.compactMap({ $0 }) {
                        result.append(literals.compactMap { $0 })
                    }
                }
                index = close + 1
            default:
                index += 1
            }
        }
        return result
    }

    /// Whether `text` holds one literal of each requirement (compared by bytes: a literal a regex
    /// matches is there in the text's UTF-8).
    public static func holds(_ requirements: [[String]], in text: String) -> Bool {
        requirements.allSatisfy { literals in literals.contains { text.contains($0) } }
    }

    /// What every match contains of a pattern matched without regard to case as a whole — compiled
    /// case-insensitive (`caseInsensitive`), or opening with flags that turn it on (`(?i)`, `(?im)`):
    /// the requirements of the rest of the pattern (`requirements(in:)`), every literal lower-cased,
    /// for `holdsIgnoringCase`. A list with a literal past ASCII is left out (ICU folds case by
    /// Unicode's rules, and only ASCII is compared here); any other pattern has none.
    public static func caseInsensitiveRequirements(in pattern: String, caseInsensitive: Bool = false) -> [[String]] {
        var rest = Substring(pattern)
        if !caseInsensitive {
            // `(?` letters `)` at the very start: flags for the whole pattern.
            guard rest.hasPrefix("(?"), let close = rest.firstIndex(of: ")") else { return [] }
            let flags = rest[rest.index(rest.startIndex, offsetBy: 2)..<close]
            guard flags.contains("i"), flags.allSatisfy({ "imswx".contains($0) }) else { return [] }
            let others = flags.filter { $0 != "i" }
            rest = (others.isEmpty ? "" : "(?" + others + ")") + rest[rest.index(after: close)...]
        }
        return requirements(in: String(rest)).compactMap { literals in
            literals.allSatisfy(\.isAllASCII) ? literals.map { $0.asciiLowercased() } : nil
        }
    }

    /// Whether `text` holds one literal of each requirement (`caseInsensitiveRequirements`) in any
    /// ASCII case. Text with a byte past ASCII holds them all: Unicode's case folding matches ASCII
    /// letters with other characters (`ſ` with `s`, the Kelvin sign with `k`, `ß` with `ss`), which
    /// only the regex itself decides.
    public static func holdsIgnoringCase(_ requirements: [[String]], in text: String) -> Bool {
        guard !requirements.isEmpty, text.isAllASCII else { return true }
        let folded = text.asciiLowercased()
        return requirements.allSatisfy { literals in literals.contains { folded.contains($0) } }
    }

    /// The index of the `)` closing the group opened at `open` (escapes and classes skipped).
    private static func groupEnd(_ characters: [Character], from open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < characters.count {
            switch characters[index] {
            case "\\": index += 2; continue
            case "[":
                guard let close = classEnd(characters, from: index + 1) else { return nil }
                index = close + 1; continue
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// `pattern` split at its top-level `|` (escapes, classes and groups skipped).
    private static func branches(_ pattern: ArraySlice<Character>) -> [ArraySlice<Character>] {
        var result: [ArraySlice<Character>] = []
        var start = pattern.startIndex
        var depth = 0
        var index = pattern.startIndex
        while index < pattern.endIndex {
            switch pattern[index] {
            case "\\": index += 2; continue
            case "[":
                guard let close = classEnd(Array(pattern), from: index - pattern.startIndex + 1) else { return [pattern] }
                index = close + pattern.startIndex + 1; continue
            case "(": depth += 1
            case ")": depth -= 1
            case "|" where depth == 0:
                result.append(pattern[start..<index])
                start = index + 1
            default: break
            }
            index += 1
        }
        result.append(pattern[start..<pattern.endIndex])
        return result
    }

    /// Inline flags that change literal matching (`(?i)`, `(?x)`, `(?ix:…)`), quoting, and escapes
    /// that stand for characters (`\x41`, `\u00e9`, `\0`, back references).
    private static func hasUnsupportedSyntax(_ pattern: String) -> Bool {
        let characters = Array(pattern)
        for (offset, character) in characters.enumerated() where offset + 1 < characters.count {
            let next = characters[offset + 1]
            if character == "\\", "xuUcNkgoQE0123456789".contains(next) { return true }
            if character == "(", next == "?" {
                let flags = characters[(offset + 2)...].prefix { $0.isLetter || $0 == "-" }
                if flags.contains("i") || flags.contains("x") { return true }
            }
        }
        return false
    }

    /// The index of the `}` closing the braces at `open`, when everything between is `allowed`.
    private static func braceEnd(_ characters: [Character], from open: Int, allowing allowed: (Character) -> Bool) -> Int? {
        guard let close = characters[(open + 1)...].firstIndex(of: "}"), characters[(open + 1)..<close].allSatisfy(allowed) else { return nil }
        return close
    }

    /// The index of the `]` closing a character class whose first character is at `start`.
    private static func classEnd(_ characters: [Character], from start: Int) -> Int? {
        var index = start
        if index < characters.count, characters[index] == "^" { index += 1 }
        if index < characters.count, characters[index] == "]" { index += 1 }
        while index < characters.count {
            switch characters[index] {
            case "\\": index += 2
            case "[": return nil  // nested sets: not read here
            case "]": return index
            default: index += 1
            }
        }
        return nil
    }
}
