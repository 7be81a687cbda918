@testable import DocFXDialect
import Foundation
import StepwiseTestSupport
import Testing
import Yams

/// `MetadataReader.textValues` takes values that can only be text as written instead of letting Yams
/// resolve every plain scalar: it must give exactly what Yams' own construction gives.
@Suite struct FrontMatterTextTests {
    /// Scalars of every kind the default schema knows, and text that starts like one of them.
    static let scalars = [
        "yes", "Yes", "YES", "no", "NO", "y", "n", "on", "Off", "ON", "true", "False", "nope", "offline", "onward", "trueish",
        "null", "Null", "~", "", "nullable", "NULLS",
        "0", "012", "0o17", "0b101", "0x1F", "1_000", "-3", "+4", "1:20", "1.5", "1e3", ".5", "-.inf", ".NaN", ".nan", "-foo", "+x", ".net",
        "2017-12-11", "2017-12-11 10:00:00", "2017-1-2T10:00:00Z", "08/09/2017", "12/11/2017",
        "2017-12-11T10:00:00.5Z", "2017-01-01 10:00:00 +01:00", "2017-1-2 1:00:00", "2017-12-11x", "1.5 GB", "1.2.3", "10.0.0.1/24",
        "0x1G", "0x1f", "-0x1F", "0b2", "0o8", "1_000_000", "1:20:30.5", "190:20:30", "-.INF", ".Inf", "+.inf", ".NAN", "1e+3", "1E3",
        "3D", "4K", "2 x 3", "1,000", "1 000", "+1-555-0100", "~x", "<<x", "1/2", "-", "-1", "9a", "0.5.0-beta", "08:30", "1:2",
        "<<", "=", "<tag>", "=x",
        "HT", "MT", "fr-FR", "na", "article", "active-directory-b2c", "Azure AD B2C - jetons", "C#", "café",
        "'single quoted'", "'it''s'", "\"double \\\" quoted\"", "\"2017-12-11\"", "'yes'", "\"012\"",
        "[a, b]", "{a: b}", "|\n  block text", ">\n  folded 1.5", "!!str 012", "!!int '7'",
        // Commit hashes and other text that starts with a digit: a letter no number or date holds makes it text.
        "9d2df39118741d4254f7b7fe4c419a00ceb4ba8e", "0a1b", "0d", "12ab", "1f", "1a", "3.5a", "07ab", "0b12", "0o8a", "0x1g", "0xab",
        "0Xab", "0Bab", "1T", "1Z", "1e", "3e5", "1E+5", "2017-12-11Tab", "2017-12-11T10:00:00z", "1t", "1i", "1n", "1_000a",
    ]

    @Test("every kind of value gives what Yams constructs, as text", arguments: scalars)
    func value(_ scalar: String) throws {
        try expectSame("title: x\nvalue: \(scalar)\nother: plain text\n")
    }

    @Test("every kind of key gives what Yams constructs, or leaves the mapping to Yams", arguments: scalars)
    func key(_ scalar: String) throws {
        guard !scalar.hasPrefix("|"), !scalar.hasPrefix(">"), !scalar.isEmpty else { return }
        try expectSame("\(scalar): value\nms.date: 08/09/2017\n")
    }

    @Test("plain and quoted text is read without Yams' resolver, as written")
    func fastPathTaken() throws {
        let node = try #require(try compose(yaml: "title: \"Demande : jetons\"\nauthor: café\nms.contentlocale: fr-FR\nms.topic: article\nlang: C#\n"))
        #expect(MetadataReader.textValues(of: node) == [
            "title": "Demande : jetons", "author": "café", "ms.contentlocale": "fr-FR", "ms.topic": "article", "lang": "C#",
        ])
    }

    @Test("a plain scalar that starts like a number or a date is text as written when it holds a byte no rule of the schema matches")
    func numberLikeText() throws {
        let node = try #require(try compose(yaml: "a: 12/11/2017\nb: 2017-12-11\nc: 1.5 GB\nd: 0x1F\ne: .NET Core\nf: 4K\n"))
        let scalars = Dictionary(uniqueKeysWithValues: try #require(node.mapping).map { key, value in (key.scalar?.string ?? "", value.scalar) })
        #expect(scalars["a"]??.string == "12/11/2017")
        #expect(try MetadataReader.certainText(#require(scalars["a"] ?? nil)) == "12/11/2017")
        #expect(try MetadataReader.certainText(#require(scalars["c"] ?? nil)) == "1.5 GB")
        #expect(try MetadataReader.certainText(#require(scalars["e"] ?? nil)) == ".NET Core")
        #expect(try MetadataReader.certainText(#require(scalars["f"] ?? nil)) == "4K")
        // Text a rule might match is left to Yams: a date, a hex number.
        #expect(try MetadataReader.certainText(#require(scalars["b"] ?? nil)) == nil)
        #expect(try MetadataReader.certainText(#require(scalars["d"] ?? nil)) == nil)
    }

    @Test("a repeated key keeps its last value, a merge key and a tagged mapping are left to Yams")
    func mappings() throws {
        try expectSame("a: 1\nb: two\na: three\n")
        try expectSame("base: &b {x: 1}\n<<: *b\ny: 2\n")
        try expectSame("!!map\na: 1\n")
        let merged = try #require(try compose(yaml: "<<: {x: 1}\ny: 2\n"))
        #expect(MetadataReader.textValues(of: merged) == nil)
    }

    @Test("the front matter of every bundled document and corpus sample gives what Yams constructs")
    func bundledDocuments() throws {
        var checked = 0, read = 0
        let folders = [RepositoryFiles.content, RepositoryFiles.root.appendingPathComponent("Tests/StepwiseCommandsTests/Fixtures/corpus-sample")]
        let files = folders.flatMap { folder in
            (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "md" }
        }
        for url in files {
            let lines = try RepositoryFiles.lines(of: url).map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
            guard lines.first?.trimmingCharacters(in: .whitespaces) == "---",
                  let end = lines.dropFirst().firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "---" }) else { continue }
            try expectSame(lines[1..<end].joined(separator: "\n"))
            if expectLineMapping(lines[1..<end].joined(separator: "\n")) { read += 1 }
            checked += 1
        }
        #expect(checked >= 3)
        #expect(read >= 3)
    }

    /// Front matter as one `key: value` line each, with what `lineMapping` must refuse: text Yams
    /// refuses or reads otherwise, and text `unsafeYAML` would look at further.
    static let lineForms = [
        "a: b: c", "a: b #c", "a: b#c", "a: x:", "a: x :y", "a: x:y", "a: http://example.org/x?y=1#z", "a:b", "a:", "a: ", "a:  b  ",
        "a: 'it''s'", "a: 'x' y", "a: 'x' y'", "a: 'x'y'", "a: 'x'  ", "a: 'x", "a: '''", "a: ''", #"a: 'say "hi" : # &x'"#, #"a: "x"  "#, #"a: "x\ty""#, #"a: "x"y""#,
        #"a: "l'ami : # [x""#, #"a: ""#, #"a: """#, "a: l'ami", "a: l’ami", "a: Demande : jetons", "a: x | Microsoft Docs", "a: C#", "a: x`y",
        "a: x!", "a: x, y] z}", "a: 100%", "a: x & y", "a: Q&A", "a: *b", "a: &b x", "a: [b", "a: {b", "a: b]", "a: ]b", "a: }b", "a: |", "a: >",
        "a: %x", "a: @x", "a: `x`", "a: !x", "a: ?x", "a: -x", "a: - x", "a: :x", "a: ,x", "a: #x", "a: 中文 テキスト", "a: café", "a: x\u{A0}y",
        "a: x\u{85}y", "a: x\u{2028}y", "a: x\u{2029}y", "a: \u{FEFF}x", "a: x\u{FFFE}", "a: x\u{7F}", "a: x\u{1}", "a: x\u{9F}",
        "a:\tb", "a: b\t", "\ta: b", "a: x\ry",
        "a:\n  b", "a:\n- b", "a: x\n  y", "a: x\n\n  y", "a: b\na: c", "a: b\nA: c", "# [[[\na: b", "# comment\na: b", "#&x\na: b",
        "  \na: b\n   \n", "\n\n", "# only a comment", "", " # indented comment\na: b", "a: b\n#c: d",
        "_a: b", "a.b-c_d: e", "a b: c", "A: B", "a/b: c", "1a: b", "-a: b", "a-: b", "a.: b", "yes: b", "Off: b", "y: b", "n: b", "null: b",
        "\(String(repeating: "k", count: 1_100)): v", "\(String(repeating: "k", count: 990)): v", "a: \(String(repeating: "[", count: 40))",
        "a: x \(String(repeating: "[", count: 40))", "a: x \(String(repeating: "{", count: 40))", "a: x, &y", "a: x, *y", "a: x: &y",
        "# \(String(repeating: "[", count: 40))\na: b", "# x, &y\na: b",
        "ms.date: 2017-12-11", "ms.date: 12/11/2017", "ms.date: 6/13/2017", "ms.openlocfilehash: 9d2df39118741d4254f7b7fe4c419a00ceb4ba8e",
        "a: 0x1F", "a: 1e3", "a: 12ab", "a: 0b12", "a: 0o8a", "a: 1T", "a: 3.5a", "a: 2017-12-11Tab", "a: 1:20", "a: 190:20:30", "a: .NET",
        "a: yes", "a: Off", "a: ~", "a: null", "a: nullable", "a: <<", "a: =", "a: 4K", "a: -1",
    ]

    @Test("front matter of one `key: value` line each is read without Yams exactly as Yams reads it, or left to Yams", arguments: lineForms)
    func lineMapping(_ yaml: String) throws {
        expectLineMapping(yaml)
        expectLineMapping("title: x\n\(yaml)\nms.topic: article\n")
    }

    @Test("every kind of value and key is read as Yams reads it, or left to Yams", arguments: scalars)
    func lineMappingScalars(_ scalar: String) throws {
        expectLineMapping("title: x\nvalue: \(scalar)\nother: plain text\n")
        expectLineMapping("\(scalar): value\nms.date: 08/09/2017\n")
    }

    @Test("the usual front matter (quoted and empty values, dates with slashes, hashes, comments) is read without Yams")
    func lineMappingTaken() {
        let yaml = """
            title: "Demande de jetons d’accès - Azure AD B2C | Microsoft Docs"
            description: 'Comment l''application acquiert un jeton : étapes'
            # a comment
            editor: \u{20}
            documentationcenter: ''
            ms.assetid: 1c75f17f-5ec5-493a-b906-f543b3b1ea66
            ms.date: 6/13/2017
            ms.openlocfilehash: 9d2df39118741d4254f7b7fe4c419a00ceb4ba8e
            ms.custom: H1Hack27Feb2017, seo
            lang: C#

            """
        #expect(expectLineMapping(yaml))
        #expect(MetadataReader.lineMapping(yaml) == [
            "title": "Demande de jetons d’accès - Azure AD B2C | Microsoft Docs", "description": "Comment l'application acquiert un jeton : étapes",
            "editor": "", "documentationcenter": "", "ms.assetid": "1c75f17f-5ec5-493a-b906-f543b3b1ea66", "ms.date": "6/13/2017",
            "ms.openlocfilehash": "9d2df39118741d4254f7b7fe4c419a00ceb4ba8e", "ms.custom": "H1Hack27Feb2017, seo", "lang": "C#",
        ])
        // Each of these lines leaves the whole front matter to Yams: a nested value, a date, a repeated key, a tab.
        for line in ["list:\n- a", "ms.date: 2017-12-11", "title: again", "tab:\tx"] {
            #expect(MetadataReader.lineMapping(yaml + line) == nil, "\(line)")
        }
    }

    /// When `lineMapping` reads `yaml`, Yams reads it too, to the same values, and `unsafeYAML` finds
    /// nothing in it; returns whether `lineMapping` read it.
    @discardableResult
    private func expectLineMapping(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let fast = MetadataReader.lineMapping(yaml) else { return false }
        #expect(MetadataReader.unsafeYAML(yaml) == nil, "\(yaml)", sourceLocation: sourceLocation)
        do {
            let node = try compose(yaml: yaml)
            let values = node.map { ($0.any as? [String: Any])?.mapValues(MetadataReader.stringValue) } ?? [:]
            #expect(fast == values, "\(yaml)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("Yams refuses what lineMapping reads: \(yaml)\n\(error)", sourceLocation: sourceLocation)
        }
        return true
    }

    private func expectSame(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        // Text that is not YAML is refused before either construction runs. Each construction gets its
        // own parse: Yams resolves tags in place, which would hide the plain scalars from the other.
        guard let node = try? compose(yaml: yaml), let oracle = try compose(yaml: yaml) else { return }
        // A key that is a list or a mapping is refused before either runs (Yams' construction traps on it).
        guard node.mapping?.keys.allSatisfy({ $0.scalar != nil }) ?? true else { return }
        guard let fast = MetadataReader.textValues(of: node) else { return }
        #expect(fast == (oracle.any as? [String: Any])?.mapValues(MetadataReader.stringValue), "\(yaml)", sourceLocation: sourceLocation)
    }
}
