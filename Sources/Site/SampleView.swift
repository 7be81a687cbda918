import StepwiseDiagnostics
import TutorialModel

/// A code sample as `sample.mustache` renders it: caption, highlighted code, badge.
struct SampleView: Encodable {
    var id: String
    var language: String
    var languageLabel: String
    var file: String?
    var fileInferred: Bool
    /// The part of the file the step names (`@implementation`, `@interface`), when it names one.
    var target: String?
    var action: String?
    /// The highlighted code as HTML: escaped text, each token that is not plain in a
    /// `<span class="t-<kind>">`. Built here rather than by the template, which would look up three
    /// names for each of the hundreds of thousands of tokens of a real site.
    var code: String
    var badge: BadgeView
    var lang: String?
    /// When the page shows other code than the document's (code the model repaired, or a
    /// translation's sample restored from its source): the document's lines it stands for, `path:first-last`, so a reader of the HTML
    /// (or a fidelity check) can tell a replaced block from a lost one.
    var replaces: String?
    /// The code file a code reference pulled the code from, and its lines.
    var source: SourceFileView?
}

/// The caption's part naming a referenced code file: its name, path and the lines shown.
struct SourceFileView: Encodable {
    var name: String
    var path: String
    var lines: String?

    init(_ reference: CodeReferenceInfo) {
        name = reference.path.slashSeparatedParts().last.map(String.init) ?? reference.path
        path = reference.path
        lines = reference.lines.isEmpty ? nil : reference.lines.replacingEvery("-", with: "–").replacingEvery(",", with: ", ")
    }
}

extension SampleView {
    /// The highlighted code with the lines in `marked` (1-based) each wrapped in a
    /// `<span class="line-mark">`; a token running over several lines is closed and reopened at each
    /// line end, so every element stays within its line.
    static func html(_ tokens: [HighlightToken], marking marked: [Int]) -> String {
        guard !marked.isEmpty else { return html(tokens) }
        var lines: [[HighlightToken]] = [[]]
        for token in tokens {
            let parts = token.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, part) in parts.enumerated() {
                if index > 0 { lines.append([]) }
                if !part.isEmpty { lines[lines.count - 1].append(HighlightToken(token.kind, String(part))) }
            }
        }
        let set = Set(marked)
        return lines.enumerated().map { offset, line in
            set.contains(offset + 1) ? "<span class=\"line-mark\">" + html(line) + "</span>" : html(line)
        }.joined(separator: "\n")
    }

    static func html(_ tokens: [HighlightToken]) -> String {
        var html = ""
        for token in tokens {
            if token.kind == .plain {
                html += HTMLEscaping.escape(token.text)
            } else {
                html += "<span class=\"t-\(token.kind.rawValue)\">" + HTMLEscaping.escape(token.text) + "</span>"
            }
        }
        return html
    }
}

/// The verification badge of a sample.
struct BadgeView: Encodable {
    var status: String
    var label: String
    var note: String?
    /// The language of notes, which come from the checks in the default locale.
    var noteLang: String
    var diff: [DiffLineView]
}

struct DiffLineView: Encodable {
    var kind: String
    var sign: String
    var text: String

    init(_ line: DiffLine) {
        kind = line.kind.rawValue
        sign = switch line.kind {
        case .added: "+"
        case .removed: "−"
        case .context: " "
        }
        text = line.text
    }
}

