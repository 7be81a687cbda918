/// A view that makes its template value itself: exactly what its `encode(to:)` gives through the
/// template encoder, built directly. A site has millions of blocks, spans of steps, samples and
/// list events; through the encoder each nested value cost a container box, generic metadata
/// lookups and a builder — a twentieth of a cold build. `TemplateValueConversionTests` proves each
/// conversion equal to the encoding, on real pages and on views with every field set.
protocol TemplateValueConvertible: Encodable {
    var templateValue: TemplateValue { get }
}

extension TemplateValue {
    /// An object of `fields`, a nil value left out (as an encoding leaves out a nil optional).
    static func fields(_ fields: KeyValuePairs<String, TemplateValue?>) -> TemplateValue {
        .object(TemplateFields(present: fields))
    }

    static func list<Item: TemplateValueConvertible>(_ items: [Item]) -> TemplateValue {
        .list(items.map(\.templateValue))
    }

    static func strings(_ items: [String]) -> TemplateValue {
        .list(items.map(TemplateValue.string))
    }

    static func string(_ text: String?) -> TemplateValue? {
        text.map(TemplateValue.string)
    }

    static func int(_ number: Int?) -> TemplateValue? {
        number.map(TemplateValue.int)
    }
}

extension TutorialPageView: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields([
            "chrome": chrome.templateValue, "title": .string(title), "description": .string(description), "author": .string(author),
            "date": date?.templateValue, "archived": archived?.templateValue, "selector": .list(selector), "toc": .list(toc),
            "sections": .list(sections), "hasFallback": .bool(hasFallback), "navigation": navigation?.templateValue, "editURL": .string(editURL),
        ])
    }
}

extension PageChrome: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields([
            "lang": .string(lang), "pageTitle": .string(pageTitle), "root": .string(root), "strings": .object(TemplateFields(strings.mapValues(TemplateValue.string))),
            "alternates": .list(alternates), "languages": .list(languages), "canonical": .string(canonical), "editions": .list(editions),
            "search": search?.templateValue,
        ])
    }
}

extension EditionLink: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields(["name": .string(name), "href": .string(href), "current": .bool(current), "archived": .bool(archived)])
    }
}

extension SearchBox: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields(["index": .string(index), "locale": .string(locale), "root": .string(root)])
    }
}

extension AlternateLink: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields(["hreflang": .string(hreflang), "href": .string(href)])
    }
}

extension LanguageLink: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields(["locale": .string(locale), "name": .string(name), "href": .string(href), "current": .bool(current)])
    }
}

extension DateView: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields(["text": .string(text), "iso": .string(iso)])
    }
}

extension ArchiveBanner: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields(["message": .string(message), "linkText": .string(linkText), "href": .string(href)])
    }
}

extension TocEntry: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields(["id": .string(id), "title": .string(title), "lang": .string(lang)])
    }
}

extension LinkView: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields(["href": .string(href), "text": .string(text), "external": .bool(external), "broken": .string(broken), "plain": .bool(plain)])
    }
}

extension SectionView: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields([
            "id": .string(id), "anchors": .strings(anchors), "title": .string(title), "isHeading": .bool(isHeading), "level": .int(level),
            "headingLevel": .int(headingLevel), "isTab": .bool(isTab), "lang": .string(lang), "fallbackNote": .string(fallbackNote),
            "blocks": .list(blocks),
        ])
    }
}

extension BlockView: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields([
            "prose": prose?.templateValue, "alert": alert?.templateValue, "figure": figure?.templateValue, "sample": sample?.templateValue,
            "stepList": stepList?.templateValue,
        ])
    }
}

extension StepListView: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields(["steps": .list(steps)])
    }
}

extension ProseBlock: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields([
            "isList": .bool(isList), "spans": .string(spans), "table": table?.templateValue, "html": .string(html),
            "figure": figure?.templateValue, "heading": .int(heading), "events": isList ? .list(events()) : nil,
        ])
    }
}

extension ListEvent: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields([
            "openList": .bool(openList), "closeList": .bool(closeList), "openItem": .bool(openItem), "closeItem": .bool(closeItem),
            "ordered": .bool(ordered), "start": .int(start), "text": .string(text), "block": block?.templateValue,
        ])
    }
}

extension TableView: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields(["header": .list(header), "rows": .list(rows)])
    }
}

extension TableView.Cell: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields(["spans": .string(spans), "align": .string(align)])
    }
}

extension TableView.Row: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields(["cells": .list(cells)])
    }
}

extension StepView: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields(["id": .string(id), "ordinal": .int(ordinal), "spans": .string(spans), "blocks": .list(blocks)])
    }
}

extension AlertView: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields([
            "kind": .string(kind), "label": .string(label), "text": .string(text), "blocks": .list(blocks), "isCallout": .bool(isCallout),
            "isQuote": .bool(isQuote),
        ])
    }
}

extension FigureView: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields(["alt": .string(alt), "reference": .string(reference), "message": .string(message), "image": .string(image)])
    }
}

extension SampleView: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields([
            "id": .string(id), "language": .string(language), "languageLabel": .string(languageLabel), "file": .string(file),
            "fileInferred": .bool(fileInferred), "target": .string(target), "action": .string(action), "code": .string(code),
            "badge": badge.templateValue, "lang": .string(lang), "replaces": .string(replaces), "source": source?.templateValue,
        ])
    }
}

extension SourceFileView: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields(["name": .string(name), "path": .string(path), "lines": .string(lines)])
    }
}

extension BadgeView: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields(["status": .string(status), "label": .string(label), "note": .string(note), "noteLang": .string(noteLang), "diff": .list(diff)])
    }
}

extension DiffLineView: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields(["kind": .string(kind), "sign": .string(sign), "text": .string(text)])
    }
}

extension NavigationView: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields([
            "items": .list(items), "breadcrumbs": .list(breadcrumbs), "previous": previous?.templateValue, "next": next?.templateValue,
            "note": .string(note), "hasPager": .bool(hasPager),
        ])
    }
}

extension NavLine: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields([
            "title": .string(title), "href": .string(href), "current": .bool(current), "external": .bool(external), "broken": .string(broken),
            "isGroup": .bool(isGroup), "open": .bool(open), "collapsed": .bool(collapsed), "closes": .list(closes.map(TemplateValue.int)),
        ])
    }
}

extension Crumb: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .fields(["title": .string(title), "href": .string(href)])
    }
}
