/// A model is kept for a whole run (the checks and the pages read it), and its arrays were built by
/// appending, which leaves up to half of each one's storage unused: `compacted()` copies every array
/// of the model into storage of its own size. The model is equal to what it was (same values, same
/// JSON); only its memory shrinks.
extension Tutorial {
    /// The model with every array stored at its exact size.
    public func compacted() -> Tutorial {
        var tutorial = self
        tutorial.sections = sections.compacted { $0.compacted() }
        tutorial.includes = includes.compacted()
        tutorial.selectors = selectors.compacted()
        tutorial.images = images.compacted()
        tutorial.nonStepLists = nonStepLists.compacted()
        tutorial.diagnostics = diagnostics.compacted()
        tutorial.links = links.compacted()
        return tutorial
    }
}

extension Section {
    func compacted() -> Section {
        var section = self
        section.steps = steps.compacted { $0.compacted() }
        section.code = code.compacted()
        section.alerts = alerts.compacted { $0.compacted() }
        section.paragraphs = paragraphs.compacted { $0.compacted() }
        section.anchors = anchors.compacted()
        return section
    }
}

extension Step {
    func compacted() -> Step {
        var step = self
        step.inlines = inlines.compacted { $0.compacted() }
        step.terms = terms.compacted()
        step.code = code.compacted()
        step.alerts = alerts.compacted { $0.compacted() }
        step.details = details.compacted { $0.compacted() }
        return step
    }
}

extension Alert {
    func compacted() -> Alert {
        var alert = self
        alert.blocks = blocks.compacted { $0.compacted() }
        return alert
    }
}

extension Paragraph {
    func compacted() -> Paragraph {
        var paragraph = self
        paragraph.inlines = inlines.compacted { $0.compacted() }
        if let table {
            paragraph.table = Table(
                alignments: table.alignments.compacted(),
                header: table.header.compacted { $0.compacted { $0.compacted() } },
                rows: table.rows.compacted { $0.compacted { $0.compacted { $0.compacted() } } })
        }
        return paragraph
    }
}

extension InlineSpan {
    func compacted() -> InlineSpan {
        guard let children else { return self }
        var span = self
        span.children = children.compacted { $0.compacted() }
        return span
    }
}

extension Array {
    /// The elements, each transformed, in storage of their exact count (an empty array allocates none).
    func compacted(_ transform: (Element) -> Element = { $0 }) -> [Element] {
        map(transform)
    }
}
