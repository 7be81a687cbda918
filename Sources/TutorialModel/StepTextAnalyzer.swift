import StepwiseDiagnostics

/// Reads a step's instruction: which file the code goes into and what to do with it.
struct StepTextAnalyzer {
    private static let gluedPrefixes = StepVocabulary.bundled.gluedPrefixes

    /// File extensions and whole file names that make a word a file name.
    static let fileExtensions = [
        "cs", "m", "h", "mm", "swift", "json", "xml", "config", "cshtml", "storyboard", "plist", "js", "ts", "py", "java", "kt",
        "gradle", "sh", "yml", "yaml", "csproj", "html", "css", "xaml", "c", "cpp", "txt", "conf", "cfg", "ini", "ps1", "sql", "go",
        "rb", "php", "toml", "properties",
    ]
    static let wholeFileNames = ["Dockerfile", "Makefile"]

    static let fileName = FastRegex(
        #"(?:^|[^\w/.\-])(/?(?:[\w\-]+/)*(?:[A-Za-z_][\w\-]*(?:\.[A-Za-z_][\w\-]*)*\.(?:"#
            + fileExtensions.joined(separator: "|") + ")|" + wholeFileNames.joined(separator: "|") + #"))(?![\w\-])"#)

    /// The first file the text names, as a bare file name with glued prefixes removed.
    func targetFile(in text: String) -> String? {
        guard text.contains("."), Self.mayNameFile(text), let name = Self.fileName.firstMatch(in: text)?[1] else { return nil }
        return removingGluedPrefix(String(name.split(separator: "/").last ?? name))
    }

    /// False when `fileName` cannot match: every match ends with a whole file name, or with `.` and
    /// an extension that no letter, digit, `_` or `-` follows. Most step text names no file, and
    /// this byte scan is many times faster than the regex.
    static func mayNameFile(_ text: String) -> Bool {
        if wholeFileNames.contains(where: { text.contains($0) }) { return true }
        let bytes = Array(text.utf8)
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: ".") {
            let rest = bytes[(offset + 1)...]
            for name in fileExtensions where rest.starts(with: name.utf8) {
                // A byte beyond ASCII may start a character `\w` does not cover: the regex decides.
                guard let next = rest.dropFirst(name.utf8.count).first, next < 0x80 else { return true }
                if !(next.isASCIIAlphanumeric || next == UInt8(ascii: "_") || next == UInt8(ascii: "-")) { return true }
            }
        }
        return false
    }

    /// Every file name the text mentions, in order.
    func fileNames(in text: String) -> [String] {
        guard text.contains("."), Self.mayNameFile(text) else { return [] }
        return Self.fileName.allMatches(in: text).compactMap { groups in
            groups[1].map { name in removingGluedPrefix(String(name.split(separator: "/").last ?? name)) }
        }
    }

    private func removingGluedPrefix(_ name: String) -> String {
        for prefix in Self.gluedPrefixes where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if let first = rest.first, first.isUppercase { return String(rest) }
        }
        return name
    }

    /// Each action with one pattern matching any of its words at the start of a word, and the
    /// indices in `actionLiterals` of its words' literal starts: text containing none of them cannot
    /// match, and skipping the regex there keeps extraction fast.
    private static let actionPatterns: [(action: String, literals: Range<Int>, pattern: FastRegex)] = {
        var start = 0
        return StepVocabulary.bundled.actions.map { entry in
            defer { start += entry.words.count }
            return (entry.action, start..<(start + entry.words.count), FastRegex("(?:^|[^\\p{L}])(?:" + entry.words.joined(separator: "|") + ")"))
        }
    }()

    /// The literal start of every action word (up to its first regex operator), in the
    /// vocabulary's order: all of them looked for in one pass over a step's text.
    static let actionLiterals = LiteralSet(StepVocabulary.bundled.actions.flatMap { entry in
        entry.words.map { String($0.prefix { !".*+?()[]{}|\\^$".contains($0) }) }
    })

    /// The action the text asks for, by the vocabulary's priority.
    func action(in text: String) -> String? {
        let lowered = text.fastLowercased()
        let contained = Self.actionLiterals.contained(in: lowered)
        return Self.actionPatterns.first { entry in
            contained[entry.literals].contains(true) && entry.pattern.matches(lowered)
        }?.action
    }
}
