/// A code sample as `sample.mustache` renders it: caption, highlighted tokens, badge.
struct SampleView {
    var id: String
    var language: String
    var languageLabel: String
    var file: String?
    var fileInferred: Bool
    /// The part of the file the step names (`@implementation`, `@interface`), when it names one.
    var target: String?
    var action: String?
    var tokens: [TokenView]
    var badge: BadgeView
    var lang: String?
}

struct TokenView {
    var text: String
    var kind: String
    var plain: Bool
}

/// The verification badge of a sample.
struct BadgeView {
    var status: String
    var label: String
    var note: String?
    /// The language of notes, which come from the checks in the default locale.
    var noteLang: String
    var diff: [DiffLineView]
}

struct DiffLineView {
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

