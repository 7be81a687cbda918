/// What one file (a document or an include) contributes before includes are merged.
struct Fragment {
    /// Content before the first heading: steps, code and alerts that belong to the including section.
    var preamble: Section
    var sections: [Section]
    var selectors: [PlatformSelector]
    var nonStepLists: [LineSpan]
    var images: [ImageReferenceInfo]
    var links: [LinkReference] = []
    /// The first level-1 heading's title (after includes are merged: of the file or of an include).
    var title: String? = nil
}
