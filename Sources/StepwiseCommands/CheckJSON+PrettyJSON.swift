public import Localization
public import StepwiseDiagnostics

// The JSON of `stepwise check --format json`, written as the `Codable` conformances encode it (what
// `ReportJSON.encode` prints): each type's keys in the order of their UTF-8 bytes, an optional left
// out when nil (`encodeIfPresent`). `CheckJSONWriterTests` hold it to `JSONEncoder`'s bytes. A corpus's
// report is some 60 MB of JSON, which the encoder held as a tree of its own values before printing.

extension CheckJSON: PrettyJSONWritable {
    /// The report's JSON as `ReportJSON.encode` prints it: the value, then a line feed.
    var text: String {
        pieces.concatenated()
    }

    /// `text` in the pieces it is written in, to be printed one after the other: the findings in
    /// runs written on all cores (see `PrettyJSON.pieces`), the rest around them.
    var pieces: [String] {
        var json = PrettyJSON(pieces: (), capacity: 4_096 + checkedFiles.count * 120)
        write(to: &json)
        json.newline()
        return json.takePieces()
    }

    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("checkedFiles", checkedFiles)
            json.field("findings", concurrently: findings)
            json.field("schema", schema)
            json.field("staleness", staleness)
            json.field("summary", summary)
        }
    }
}

extension Finding: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.fieldIfPresent("baseline", baseline)
            json.field("column", column)
            json.fieldIfPresent("diff", diff)
            json.fieldIfPresent("document", document)
            json.fieldIfPresent("fingerprint", fingerprint)
            json.fieldIfPresent("fix", fix)
            json.field("line", line)
            json.field("locale", locale)
            json.field("message", message)
            json.field("path", path)
            json.field("rule", rule)
            json.field("severity", severity)
            json.fieldIfPresent("source", source)
        }
    }
}

extension Finding.SourcePointer: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("line", line)
            json.field("path", path)
        }
    }
}

extension TokenChange: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("source", source)
            json.field("sourceLine", sourceLine)
            json.field("translation", translation)
            json.field("translationLine", translationLine)
        }
    }
}

extension Severity: PrettyJSONWritable {}

extension BaselineState: PrettyJSONWritable {}

extension CheckSummary: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("byLocale", byLocale)
            json.field("byRule", byRule)
            json.field("bySeverity", bySeverity)
            json.field("documents", documents)
            json.field("files", files)
            json.field("findings", findings)
            json.field("fixed", fixed)
            json.field("known", known)
            json.field("samples", samples)
            json.field("suppressed", suppressed)
        }
    }
}

extension SentenceStaleness.Counts: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("changed", changed)
            json.field("current", current)
            json.field("removed", removed)
            json.field("sentences", sentences)
            json.field("untranslated", untranslated)
        }
    }
}
