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
}

extension SampleView {
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

