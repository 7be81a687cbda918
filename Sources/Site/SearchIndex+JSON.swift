import Foundation

/// How the index's files spell its parts: JSON literals that are also safe inside a script.
extension SearchIndex {
    /// The rules the script reads the query with: foldings, lengths, stop words and suffixes.
    static func json(_ rules: SearchRules) -> String {
        let foldings = SearchRules.foldings.sorted { $0.key < $1.key }.map { "\(json($0.key)):\(json($0.value))" }
        let suffixes = rules.suffixes.map { "[\(json($0[0])),\(json($0[1]))]" }
        return "{\"foldings\":{\(foldings.joined(separator: ","))},\"minimumLength\":\(SearchRules.minimumLength),"
            + "\"minimumStem\":\(rules.minimumStem),\"stopWords\":[\(rules.stopWords.map(json).joined(separator: ","))],"
            + "\"suffixes\":[\(suffixes.joined(separator: ","))]}"
    }

    /// One page: its URL path below the locale, its title and its sections. A heading that repeats the
    /// page's title (its H1) is left empty, and so is an id the script can spell from the heading (`slug`).
    func json(_ page: Page) -> String {
        let prefix = locale + "/"
        let path = SitePlan.encoded(page.path.hasPrefix(prefix) ? String(page.path.dropFirst(prefix.count)) : page.path)
        let sections = page.sections.map { section in
            let heading = section.heading == page.title ? "" : section.heading
            let id = section.id == Self.slug(heading.isEmpty ? page.title : heading) ? "" : section.id
            return "[\(Self.json(id)),\(Self.json(heading)),\(Self.json(section.snippet))]"
        }
        return "[\(Self.json(path)),\(Self.json(page.title)),[\(sections.joined(separator: ","))]]"
    }

    /// Ascending numbers as the differences between successive ones (the first from 0), each in base
    /// 26 with its last digit a lowercase letter and any earlier digits uppercase: no separators, and
    /// one character for a difference under 26 (`[0, 1, 2, 30]` → `abbBc`).
    public static func encodedPostings(_ numbers: [UInt32]) -> String {
        // Measured first, then each difference written in place from its last digit back: a locale's
        // index spells millions of numbers.
        var length = 0
        var previous: UInt32 = 0
        for number in numbers {
            length += digitCount(number - previous)
            previous = number
        }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var end = 0
            var previous: UInt32 = 0
            for number in numbers {
                var value = number - previous
                previous = number
                end += digitCount(value)
                var index = end - 1
                buffer[index] = UInt8(97 + value % 26)
                value /= 26
                while value > 0 {
                    index -= 1
                    buffer[index] = UInt8(65 + value % 26)
                    value /= 26
                }
            }
            return end
        }
    }

    /// How many base-26 digits `value` takes (one for 0).
    private static func digitCount(_ value: UInt32) -> Int {
        var (count, rest) = (1, value / 26)
        while rest > 0 {
            count += 1
            rest /= 26
        }
        return count
    }

    /// The heading folded as search folds it, runs of anything but `a-z0-9` made one `-`, trimmed: the
    /// id most headings get, which the script spells again rather than read from the file.
    public static func slug(_ heading: String) -> String {
        var slug = ""
        for scalar in SearchTokenizer.fold(heading).unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug
    }

    /// A JSON string literal; also safe inside a script (U+2028/U+2029 and `<` escaped). Written from
    /// the text's UTF-8 bytes, not its scalars: an index spells millions of characters.
    static func json(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var out: [UInt8] = [0x22]
            out.reserveCapacity(bytes.count + 2)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case 0x22: out += [0x5C, 0x22]
                case 0x5C: out += [0x5C, 0x5C]
                case 0x0A: out += [0x5C, 0x6E]
                case 0x09: out += [0x5C, 0x74]
                case 0x3C: out += Array("\\u003c".utf8)
                case 0xE2 where index + 1 < bytes.count && bytes[index] == 0x80 && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                    // U+2028 and U+2029, line and paragraph separators: line ends inside a script.
                    out += Array((bytes[index + 1] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    index += 2
                case ..<0x20: out += Array(String(format: "\\u%04x", UInt32(byte)).utf8)
                default: out.append(byte)
                }
            }
            out.append(0x22)
            return String(decoding: out, as: UTF8.self)
        }
    }
}
