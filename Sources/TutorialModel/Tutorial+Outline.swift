extension Tutorial {
    /// A tutorial known by its place and its title only, without its content: what a shard of a site
    /// build knows of the documents other shards model (links and language switchers need their
    /// pages), and what `stepwise merge` plans the index, drift report and sitemap with.
    public init(outline source: String, locale: String, edition: String, tutorialPath: String, title: String, description: String?) {
        self.init(
            id: source, source: source, locale: locale, edition: edition, tutorialPath: tutorialPath, title: title,
            metadata: TutorialMetadata(
                format: "outline", title: title, description: description, author: nil, date: nil, assetID: nil, contentLocale: nil,
                translationType: nil, openLocFileHash: nil, sourceGitCommit: nil, values: [:]),
            sections: [], includes: [], selectors: [], images: [], nonStepLists: [], diagnostics: [])
    }
}

extension Tutorial {
    /// The tutorial without its content — sections, links, lists, platform selectors and problems —
    /// with its place, title, metadata, includes and images: all the site needs of a document besides
    /// its own page (links and language switchers, navigation, the index and status pages, its
    /// drift-report row, its images). A build that drops each model once its document is checked
    /// keeps this, and reads the document again to render its page.
    public var outline: Tutorial {
        var outline = self
        outline.sections = []
        outline.selectors = []
        outline.nonStepLists = []
        outline.diagnostics = []
        outline.links = []
        outline.includes = includes.compacted()
        outline.images = images.compacted()
        return outline
    }
}
