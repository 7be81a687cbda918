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
