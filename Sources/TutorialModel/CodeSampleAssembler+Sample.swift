import CommonMark
import DocFXDialect

extension CodeSampleAssembler {
    /// A line of code as written, without the list marker before a code block that starts on its
    /// item's first line (`-     Top rows`: four spaces past the item's text), kept as spaces so
    /// the code's columns stay.
    func codeLine(_ line: Int) -> String {
        let text = document.normalized.codeLine(line)
        guard let leaf = index.leaf(atLine: line), leaf.isCodeBlock, !leaf.inBlockQuote, leaf.firstLine == line, leaf.firstColumn > 1 else { return text }
        let prefix = text.utf8.prefix(leaf.firstColumn - 1)
        guard prefix.count == leaf.firstColumn - 1, prefix.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { return text }
        return String(repeating: " ", count: prefix.count) + String(decoding: text.utf8.dropFirst(prefix.count), as: UTF8.self)
    }

    /// What the step's text says about its code.
    struct StepContext {
        var file: String?
        var action: String?
    }

    /// Builds the sample for one run of code lines.
    func sample(for run: [Int], region: Region, context: StepContext) -> CodeSample {
        let first = run[0]
        let last = run[run.count - 1]
        let leafIDs = Set(run.compactMap { index.leaf(atLine: $0)?.id })
        let leaves = leafIDs.sorted().map { index.leaves[$0] }
        var damages: [Damage] = []
        if let structural = structuralDamage(run: run, leaves: leaves) { damages.append(structural) }
        // Code in a quote is read as CommonMark reads it, without the `>` markers of its lines; a
        // `<pre>` block as a browser shows it.
        let quoted = leaves.count == 1 ? leaves[0].readCode.map { code in
            code.split(separator: "\n", omittingEmptySubsequences: false).dropLast(code.hasSuffix("\n") ? 1 : 0).map(String.init)
        } : nil
        var lines = quoted.map { layout($0, split: false) }
            ?? layout(Array(first...last).map(codeLine), split: !leaves.allSatisfy(\.isCodeBlock))
        let spans = quoted == nil ? (first...last).flatMap(document.normalized.spans(onLine:)) : []
        if !spans.isEmpty {
            let recovered = SourceSpanRecovery.recover((first...last).map {
                (document.normalized.sourceLanguageLine($0), !document.normalized.spans(onLine: $0).isEmpty)
            })
            let shown = (first...last).map(document.normalized.normalizedLine)
            if SourceSpanRecovery.codeSignature(recovered) != SourceSpanRecovery.codeSignature(shown) {
                let evidence = CodeDamageInspector.translationEvidence(in: shown)
                damages.insert(Damage(
                    kind: .machineTranslated,
                    detail: "code wrapped in \(spans.count) bilingual sentence pairs and machine-translated"
                        + (evidence.isEmpty ? "" : " (" + evidence.joined(separator: "; ") + ")")
                        + "; recovered from the source-language spans \(spans[0].id)…\(spans[spans.count - 1].id)",
                    recovered: true), at: 0)
                lines = layout(recovered, split: false)
            } else {
                lines = layout(shown, split: !leaves.allSatisfy(\.isCodeBlock))
            }
        } else {
            let evidence = CodeDamageInspector.translationEvidence(in: lines)
            if !evidence.isEmpty {
                damages.insert(Damage(kind: .machineTranslated, detail: "run together and machine-translated: " + evidence.joined(separator: "; "), recovered: false), at: 0)
            }
        }
        let text = lines.joined(separator: "\n")
        let info: String? = leaves.first.flatMap { leaf in
            guard case .codeBlock(let info) = leaf.kind else { return nil }
            // A fence indented as a code block (four spaces after prose) still names its language.
            return info.isEmpty ? writtenFenceInfo(leaf) : info
        }
        var file = context.file
        var language = LanguageDetector.detect(code: text, info: info, file: file) ?? "text"
        // Commands are run, not written into the file the step names (`npm install … --save`
        // records the packages in package.json): when untagged code reads as commands of another
        // language than the file's, the file is neither its language nor its target.
        if info?.isEmpty ?? true, file != nil, let commands = LanguageDetector.detect(code: text),
            Self.commandLanguages.contains(commands), commands != language
        {
            language = commands
            file = nil
        }
        let escapes = CodeDamageInspector.doubledQuoteEscapes(in: lines, language: language)
        if !escapes.isEmpty, damages.isEmpty {
            damages.append(Damage(
                kind: .escapeChanged,
                detail: "doubled quotes (\"\") used as an escape inside a string on \(escapes.count) line\(escapes.count == 1 ? "" : "s"); \(language) escapes a quote as \\\"",
                recovered: false))
        }
        return CodeSample(
            language: language, file: file, inferredFile: nil, action: context.action,
            line: first, endLine: last,
            nonBlankLines: (first...last).filter { !document.normalized.originalLine($0).isBlank }.count,
            text: text, origin: origin(first), damage: damages.first)
    }

    /// Languages of commands typed at a prompt.
    static let commandLanguages: Set<String> = ["shell", "cmd", "powershell", "azurecli"]

    /// The info string of an indented code block whose first line is a fence (```` ```docker ````).
    private func writtenFenceInfo(_ leaf: BlockIndex.Leaf) -> String? {
        let first = document.normalized.normalizedLine(leaf.firstLine).trimmingSpaces
        guard first.hasPrefix("```") || first.hasPrefix("~~~") else { return nil }
        let info = String(first.drop { $0 == "`" || $0 == "~" }).trimmingSpaces
        return info.isEmpty ? nil : info
    }

    /// Split by indentation or folded into the step's paragraph, from the blocks CommonMark made.
    private func structuralDamage(run: [Int], leaves: [BlockIndex.Leaf]) -> Damage? {
        let fragments = leaves.filter { !$0.isCodeBlock && !$0.isPreformatted }
        guard !fragments.isEmpty else { return nil }
        let runLines = Set(run)
        let codeBlocks = leaves.count - fragments.count
        if codeBlocks == 0, fragments.contains(where: { leaf in (leaf.firstLine...leaf.lastLine).contains { !runLines.contains($0) } }) {
            return Damage(
                kind: .mergedIntoProse,
                detail: "no blank line before the code: CommonMark folded lines \(run[0])–\(run[run.count - 1]) into the step's paragraph",
                recovered: true)
        }
        let items = fragments.filter(\.inNestedItem).count
        let paragraphs = fragments.count - items
        var parts = ["\(codeBlocks) code block\(codeBlocks == 1 ? "" : "s")"]
        if paragraphs > 0 { parts.append("\(paragraphs) paragraph\(paragraphs == 1 ? "" : "s")") }
        if items > 0 { parts.append("\(items) list item\(items == 1 ? "" : "s")") }
        return Damage(
            kind: .splitByIndentation,
            detail: "split by inconsistent indentation: CommonMark read lines \(run[0])–\(run[run.count - 1]) as " + parts.joined(separator: ", "),
            recovered: true)
    }

    /// The lines with leading tabs expanded and the common indentation removed.
    ///
    /// In a split sample the first line often carries the code-block indentation while the rest were
    /// pasted less deep; it is brought to the indentation of the line after it.
    func layout(_ lines: [String], split: Bool) -> [String] {
        var expanded = lines.map { $0.isBlank ? "" : Indentation.expandingLeadingTabs($0) }
        if split, let second = expanded.dropFirst().first(where: { !$0.isEmpty }), let first = expanded.first {
            let excess = Indentation.width(of: first) - Indentation.width(of: second)
            if excess > 0 { expanded[0] = String(first.dropFirst(excess)) }
        }
        let common = expanded.filter { !$0.isEmpty }.map { Indentation.width(of: $0) }.min() ?? 0
        return expanded.map { String($0.dropFirst(min(common, Indentation.width(of: $0)))) }
    }
}
