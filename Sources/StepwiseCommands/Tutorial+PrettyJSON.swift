public import StepwiseDiagnostics
public import TutorialModel

// The tutorial model's JSON, written as its `Codable` conformances encode it (the schema README.md
// describes): each type's keys in the order of their UTF-8 bytes, an optional left out when nil
// where the synthesized conformance uses `encodeIfPresent` and written `null` where the type's own
// `encode(to:)` says so. `PrettyJSONWriterTests` holds every type to `JSONEncoder`'s bytes.

extension PrettyJSONWritable where Self: RawRepresentable, RawValue == String {
    public func write(to json: inout PrettyJSON) { json.string(rawValue) }
}

extension Tutorial: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("diagnostics", diagnostics)
            json.field("edition", edition)
            json.field("id", id)
            json.field("images", images)
            json.field("includes", includes)
            json.field("links", links)
            json.field("locale", locale)
            json.field("metadata", metadata)
            json.field("nonStepLists", nonStepLists)
            json.field("schema", schema)
            json.field("sections", sections)
            json.field("selectors", selectors)
            json.field("source", source)
            json.field("title", title)
            json.field("tutorialPath", tutorialPath)
        }
    }
}

extension LineSpan: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("endLine", endLine)
            json.field("line", line)
            json.field("path", path)
        }
    }
}

extension TutorialMetadata: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.fieldIfPresent("author", author)
            json.fieldIfPresent("description", description)
            json.field("format", format)
            json.fieldIfPresent("ms.assetid", assetID)
            json.fieldIfPresent("ms.contentlocale", contentLocale)
            json.fieldIfPresent("ms.date", date)
            json.fieldIfPresent("ms.openlocfilehash", openLocFileHash)
            json.fieldIfPresent("ms.sourcegitcommit", sourceGitCommit)
            json.fieldIfPresent("ms.translationtype", translationType)
            json.fieldIfPresent("title", title)
            json.field("values", values)
        }
    }
}

extension Section: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("alerts", alerts)
            json.fieldIfPresent("anchor", anchor)
            json.field("anchors", anchors)
            json.field("code", code)
            json.field("headingMissingSpace", headingMissingSpace)
            json.field("id", id)
            json.field("level", level)
            json.field("line", line)
            json.field("origin", origin)
            json.field("paragraphs", paragraphs)
            json.fieldIfPresent("sourceTitle", sourceTitle)
            json.field("steps", steps)
            json.fieldIfPresent("tab", tab)
            json.field("title", title)
        }
    }
}

extension Origin: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.fieldIfPresent("include", include)
            json.field("line", line)
            json.field("path", path)
        }
    }
}

extension Step: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("alerts", alerts)
            json.field("code", code)
            json.field("details", details)
            json.field("endLine", endLine)
            json.field("id", id)
            json.field("inlines", inlines)
            json.field("line", line)
            json.field("ordinal", ordinal)
            json.field("origin", origin)
            json.field("shownNumber", shownNumber)
            json.fieldIfPresent("sourceText", sourceText)
            json.field("terms", terms)
            json.field("text", text)
        }
    }
}

extension Paragraph: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.fieldIfPresent("beforeInclude", beforeInclude)
            json.fieldIfPresent("heading", heading)
            json.fieldIfPresent("html", html)
            json.field("indented", indented)
            json.field("inlines", inlines)
            json.field("line", line)
            json.fieldIfPresent("list", list)
            json.field("listItem", listItem)
            json.field("origin", origin)
            json.fieldIfPresent("table", table)
        }
    }
}

extension ListPlacement: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("continuation", continuation)
            json.field("depth", depth)
            json.field("number", number)
            json.field("ordered", ordered)
        }
    }
}

extension Table: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("alignments", alignments)
            json.field("header", header)
            json.field("rows", rows)
        }
    }
}

/// Every key, absent values as `null` (but `reference`), as `CodeSample.encode(to:)` writes them.
extension CodeSample: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("action", action)
            json.field("damage", damage)
            json.field("endLine", endLine)
            json.field("file", file)
            json.field("id", id)
            json.field("inferredFile", inferredFile)
            json.field("language", language)
            json.field("line", line)
            json.field("nonBlankLines", nonBlankLines)
            json.field("origin", origin)
            json.fieldIfPresent("reference", reference)
            json.field("text", text)
        }
    }
}

extension Damage: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("detail", detail)
            json.field("kind", kind)
            json.field("recovered", recovered)
        }
    }
}

extension Damage.Kind: PrettyJSONWritable {}

extension CodeReferenceInfo: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("highlight", highlight)
            json.field("lines", lines)
            json.field("path", path)
            json.fieldIfPresent("region", region)
            json.field("syntax", syntax)
            json.field("written", written)
        }
    }
}

extension LinkReference: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("column", column)
            json.field("destination", destination)
            json.field("origin", origin)
        }
    }
}

/// `kind` and `text`, then what is present, as `InlineSpan.encode(to:)` writes them.
extension InlineSpan: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.fieldIfPresent("children", children)
            json.fieldIfPresent("destination", destination)
            json.field("kind", kind)
            json.field("text", text)
            json.fieldIfPresent("title", title)
        }
    }
}

extension InlineSpan.Kind: PrettyJSONWritable {}

extension Alert: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("blocks", blocks)
            json.fieldIfPresent("endLine", endLine)
            json.field("kind", kind)
            json.fieldIfPresent("label", label)
            json.field("line", line)
            json.field("origin", origin)
            json.fieldIfPresent("placeholder", placeholder)
            json.field("text", text)
        }
    }
}

extension Placeholder: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("kind", kind)
            json.field("name", name)
            json.field("path", path)
            json.fieldIfPresent("rule", rule)
        }
    }
}

extension Placeholder.Kind: PrettyJSONWritable {}

extension PlatformSelector: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("kind", kind)
            json.field("line", line)
            json.field("links", links)
            json.field("origin", origin)
        }
    }
}

extension PlatformSelector.Link: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("title", title)
            json.field("url", url)
        }
    }
}

extension ImageReferenceInfo: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("alt", alt)
            json.fieldIfPresent("column", column)
            json.fieldIfPresent("destination", destination)
            json.field("label", label)
            json.field("origin", origin)
            json.fieldIfPresent("placement", placement)
            json.fieldIfPresent("problem", problem)
            json.fieldIfPresent("resolvedTo", resolvedTo)
            json.fieldIfPresent("syntax", syntax)
            json.fieldIfPresent("title", title)
        }
    }
}

extension ImageReferenceInfo.Placement: PrettyJSONWritable {}

extension IncludeReference: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("fallback", fallback)
            json.field("name", name)
            json.field("origin", origin)
            json.field("path", path)
            json.fieldIfPresent("problem", problem)
            json.field("resolvedTo", resolvedTo)
            json.field("syntax", syntax)
        }
    }
}

extension DiagnosticInfo: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.fieldIfPresent("column", column)
            json.fieldIfPresent("fix", fix)
            json.field("id", id)
            json.fieldIfPresent("line", line)
            json.field("message", message)
            json.fieldIfPresent("path", path)
            json.field("severity", severity)
        }
    }
}
