import TutorialModel

/// Places each image shown as a figure (alone in an indented block; images in prose are shown
/// where they stand) in the step (or section) it appears in, by file and line.
struct FigurePlacement {
    /// Images keyed by `Slot`.
    private var images: [Slot: [ImageReferenceInfo]] = [:]

    /// A section, or a step within it.
    struct Slot: Hashable {
        var section: Int
        var step: Int?
    }

    init(tutorial: Tutorial) {
        for image in tutorial.images where image.placement == .figure {
            if let slot = Self.slot(of: image.origin, in: tutorial) { images[slot, default: []].append(image) }
        }
    }

    func images(in slot: Slot) -> [ImageReferenceInfo] { images[slot] ?? [] }

    /// The step from the same file whose lines hold the image, else the last section from the same
    /// file starting at or before the image's line.
    private static func slot(of origin: Origin, in tutorial: Tutorial) -> Slot? {
        var best: (line: Int, slot: Slot)?
        for (sectionIndex, section) in tutorial.sections.enumerated() {
            if let step = section.steps.firstIndex(where: { $0.origin.path == origin.path && $0.holds(origin.line) }) {
                return Slot(section: sectionIndex, step: step)
            }
            let candidate = section.origin
            if candidate.path == origin.path, candidate.line <= origin.line, best == nil || candidate.line >= best!.line {
                best = (candidate.line, Slot(section: sectionIndex, step: nil))
            }
        }
        return best?.slot ?? (tutorial.sections.isEmpty ? nil : Slot(section: 0, step: nil))
    }
}
