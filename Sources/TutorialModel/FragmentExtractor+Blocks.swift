import CommonMark
import DocFXDialect

extension FragmentExtractor {
    /// Alerts anywhere in `blocks` (including inside list items), in document order.
    func alerts(in blocks: [MarkdownNode]) -> [Alert] {
        var collector = AlertCollector(origin: origin, prose: { prose(in: $0, excluding: []) })
        blocks.forEach { collector.walk($0) }
        return collector.alerts
    }

    /// Moves each alert into the step it falls in (after the step's line, before the next step).
    func distributeAlerts(_ section: inout Section) {
        var remaining: [Alert] = []
        for alert in section.alerts {
            if let position = section.steps.lastIndex(where: { $0.line <= alert.line }) {
                section.steps[position].alerts.append(alert)
            } else {
                remaining.append(alert)
            }
        }
        section.alerts = remaining
    }

    /// Platform selectors among the top-level blocks.
    func selectors(in blocks: [MarkdownNode]) -> [PlatformSelector] {
        blocks.enumerated().compactMap { offset, block in
            guard let line = block.range?.start.line else { return nil }
            switch block.kind {
            case .blockQuote:
                return AlertReader.selector(from: block, next: blocks.indices.contains(offset + 1) ? blocks[offset + 1] : nil, origin: origin(line))
            case .htmlBlock:
                return AlertReader.selector(fromHTML: block.literal, origin: origin(line))
            default:
                return nil
            }
        }
    }

    /// Every image of this file (reference, inline, DocFX) with what its reference resolves to here
    /// and where a reader sees it: in prose, as a figure, or not at all (inside code).
    func images() -> [ImageReferenceInfo] {
        var definitions: [String: String] = [:]
        for definition in document.normalized.definitions where definitions[definition.label.lowercased()] == nil {
            definitions[definition.label.lowercased()] = definition.destination
        }
        return document.normalized.imageReferences.map { reference in
            var image = ImageReferenceInfo(
                label: reference.label, alt: reference.alt,
                destination: reference.destination ?? definitions[reference.label.lowercased()], origin: origin(reference.line))
            image.column = reference.column
            image.syntax = reference.syntax.rawValue
            image.title = reference.title
            image.placement = placement(ofLine: reference.line)
            return image
        }
    }

    /// Prose unless the line is in a code block: a block of images only is a figure, any other is code.
    private func placement(ofLine line: Int) -> ImageReferenceInfo.Placement {
        guard let leaf = index.leaf(atLine: line), leaf.isCodeBlock else { return .inline }
        let media = (leaf.firstLine...leaf.lastLine).allSatisfy { number in
            let text = document.normalized.normalizedLine(number).trimmingSpaces
            return text.isEmpty || text.wholeMatch(of: mediaOnlyLineRegex) != nil
        }
        return media ? .figure : .code
    }
}

/// Tells a procedure (steps) from a numbered list that only enumerates things.
enum ProcedureRule {
    /// A list is not a procedure when every item starts with a bold or emphasized term followed by a
    /// colon ("1. **Authenticating Clients**: …"): it defines terms rather than giving instructions.
    static func isProcedure(_ list: MarkdownNode) -> Bool {
        let items = list.children.filter { $0.kind == .item }
        guard !items.isEmpty else { return false }
        return !items.allSatisfy(isTermDefinition)
    }

    private static func isTermDefinition(_ item: MarkdownNode) -> Bool {
        guard let paragraph = item.children.first, paragraph.kind == .paragraph,
            let first = paragraph.children.first, first.kind == .strong || first.kind == .emphasis
        else { return false }
        let term = first.plainText.trimmingSpaces
        let after = paragraph.children.dropFirst().first?.plainText ?? ""
        return term.hasSuffix(":") || after.hasPrefix(":")
    }
}

/// URL-safe identifiers from titles.
enum Slug {
    static func make(_ text: String) -> String {
        var slug = ""
        var pendingDash = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                slug.append(character)
                pendingDash = false
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "section" : slug
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let mediaOnlyLineRegex = /!\[[^\]]*\](\[[^\]]*\]|\([^)]*\))/
