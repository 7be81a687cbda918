import DocFXDialect
import TutorialModel

/// Prepares the view model of one tutorial page: Swift decides what is shown, the template how.
struct TutorialPageBuilder {
    var plan: SitePlan
    var interface: InterfaceStrings
    var strings: [String: String]
    var verifications: any SampleVerificationProvider
    /// The site's tables of contents resolved against the plan; nil: no navigation.
    var navigationIndex: NavigationIndex?
    var highlighter = Highlighter()
    var sanitizer = HTMLSanitizer()
    /// The local images the site copies, for `<img>` sources and sizes.
    var media = MediaCatalog()
    /// The page's last change from version control (`YYYY-MM-DD`), shown in place of its `ms.date`.
    var lastUpdated: String?

    /// The page of `tutorial`, its sections and steps given the ids of `anchors` (by default its own;
    /// the site passes aligned sections' source ids, see `PageAnchors`).
    func page(for tutorial: Tutorial, anchors: PageAnchors? = nil) -> TutorialPageView {
        let path = plan.path(of: tutorial)
        let images = PageImages(tutorial: tutorial, media: media, root: SitePlan.root(of: path), missing: strings["figureMissing"] ?? "")
        var context = PageContext(tutorial: tutorial, path: path, links: LinkResolver(plan: plan, pagePath: path, locale: tutorial.locale, documentPath: tutorial.tutorialPath), images: images, anchors: anchors ?? PageAnchors(tutorial))
        // Each section's lines in its file: up to the next section of the same file.
        var sectionEnds = Array(repeating: Int.max, count: tutorial.sections.count)
        var nextInFile: [String: Int] = [:]
        for (number, section) in tutorial.sections.enumerated().reversed() {
            sectionEnds[number] = nextInFile[section.origin.path] ?? Int.max
            nextInFile[section.origin.path] = section.line
        }
        let sections = tutorial.sections.enumerated().map { number, section in
            context.order.scope(to: section.origin.path, lines: section.line..<max(section.line, sectionEnds[number]))
            return self.section(section, number: number, context: &context)
        }
        return TutorialPageView(
            chrome: chrome(for: tutorial, path: path),
            title: tutorial.title,
            description: tutorial.metadata.description,
            author: tutorial.metadata.author,
            date: date(lastUpdated ?? tutorial.metadata.date),
            archived: archiveBanner(for: tutorial, path: path),
            selector: tutorial.selectors.flatMap { selector in
                selector.links.compactMap { link in
                    link.url.isEmpty ? LinkView(href: "", text: link.title, external: false, broken: nil, plain: true)
                        : context.links.writtenIn(selector.origin).resolve(link.url, text: link.title)
                }
            },
            toc: Self.contents(sections),
            sections: sections,
            hasFallback: sections.contains { $0.lang != nil },
            navigation: navigation(for: tutorial, path: path),
            editURL: plan.configuration.editURL(of: tutorial.source))
    }

    /// The table of contents: the sections of the page's top heading level (H2 where there are any).
    static func contents(_ sections: [SectionView]) -> [TocEntry] {
        let headings = sections.filter { $0.isHeading && !$0.isTab }
        guard let top = headings.map(\.level).min() else { return [] }
        return headings.filter { $0.level == top }.map { TocEntry(id: $0.id, title: $0.title, lang: $0.lang) }
    }

    private func chrome(for tutorial: Tutorial, path: String) -> PageChrome {
        let variants = plan.isCurrent(tutorial) ? plan.variants(of: tutorial.tutorialPath) : []
        let languages = variants.map {
            LanguageLink(locale: $0.locale, name: interface.languageName(of: $0.locale), href: SitePlan.href(from: path, to: plan.path(of: $0)), current: $0.locale == tutorial.locale)
        }
        // Search engines take alternates and the canonical page as absolute URLs only.
        let base = plan.configuration.siteURL
        var alternates = variants.map { AlternateLink(hreflang: $0.locale, href: base + plan.url(of: $0)) }
        if let primary = variants.first(where: { $0.locale == plan.configuration.defaultLocale }) {
            alternates.append(AlternateLink(hreflang: "x-default", href: base + plan.url(of: primary)))
        }
        var chrome = PageChrome(
            lang: tutorial.locale, pageTitle: "\(tutorial.title) — \(strings["siteTitle"] ?? "Stepwise")",
            root: SitePlan.root(of: path), strings: strings, alternates: alternates, languages: languages)
        // An archived edition is a copy of the current page for search engines: canonical is the current one.
        chrome.canonical = base + plan.url(of: plan.current(of: tutorial) ?? tutorial)
        chrome.editions = editions(of: tutorial, path: path)
        chrome.search = plan.searchBox(locale: tutorial.locale, path: path)
        return chrome
    }

    /// The editions of the page in its locale, the current one first, then archived ones newest first;
    /// empty when there is only one.
    private func editions(of tutorial: Tutorial, path: String) -> [EditionLink] {
        let all = plan.all(of: tutorial.tutorialPath).filter { $0.locale == tutorial.locale }
        guard all.count > 1 else { return [] }
        let ordered = all.filter(plan.isCurrent) + all.filter { !plan.isCurrent($0) }.sorted { $0.edition > $1.edition }
        return ordered.map { edition in
            let isCurrent = plan.isCurrent(edition)
            return EditionLink(
                name: isCurrent ? (strings["currentEdition"] ?? edition.edition) : edition.edition,
                href: SitePlan.href(from: path, to: plan.path(of: edition)),
                current: edition.source == tutorial.source, archived: !isCurrent)
        }
    }

    private func archiveBanner(for tutorial: Tutorial, path: String) -> ArchiveBanner? {
        guard !plan.isCurrent(tutorial) else { return nil }
        let message = (strings["archivedBanner"] ?? "").replacingEvery("{edition}", with: tutorial.edition)
        let current = plan.current(of: tutorial).map { SitePlan.href(from: path, to: plan.path(of: $0)) }
        return ArchiveBanner(message: message, linkText: strings["archivedLink"] ?? "", href: current)
    }

    /// `MM/DD/YYYY` or `YYYY-MM-DD` (`ms.date`) in the locale's words (`dateFormat`, `months`) with a machine-readable
    /// form; placeholder dates (before 1990) shown as unknown, other text as written.
    func date(_ written: String?) -> DateView? {
        guard let written = written?.trimmingWhitespaces(), !written.isEmpty else { return nil }
        let numbers = written.split(whereSeparator: { $0 == "/" || $0 == "-" }).compactMap { Int($0) }
        // Month, day, year in either spelling.
        let parts = written.contains("-") && numbers.count == 3 ? [numbers[1], numbers[2], numbers[0]] : numbers
        guard parts.count == 3, (1...12).contains(parts[0]), (1...31).contains(parts[1]) else { return DateView(text: written, iso: nil) }
        guard parts[2] >= 1990 else { return DateView(text: strings["dateUnknown"] ?? written, iso: nil) }
        let iso = ISODay.text(year: parts[2], month: parts[0], day: parts[1])
        let months = (strings["months"] ?? "").split(separator: ",").map { String($0).trimmingWhitespaces() }
        guard let format = strings["dateFormat"], months.count == 12 else { return DateView(text: written, iso: iso) }
        let text = format.replacingEvery("{day}", with: String(parts[1]))
            .replacingEvery("{month}", with: months[parts[0] - 1])
            .replacingEvery("{year}", with: String(parts[2]))
        return DateView(text: text, iso: iso)
    }
}

/// What building one page carries along: the ids given out and fallback paths.
struct PageContext {
    var tutorial: Tutorial
    var path: String
    var links: LinkResolver
    /// The ids of the page's sections and steps.
    var anchors: PageAnchors
    /// The level of the last heading rendered (the page title is 1).
    var headingLevel = 1
    /// Whether the page title (the first H1) has been met.
    var titleSeen = false
    var fallbackPaths: Set<String>
    var figures: FigurePlacement
    var order: ReadingOrder
    /// The page's images: `<img>` on their copies, or placeholders.
    var images: PageImages

    init(tutorial: Tutorial, path: String, links: LinkResolver, images: PageImages, anchors: PageAnchors) {
        self.tutorial = tutorial
        self.path = path
        self.links = links
        self.anchors = anchors
        fallbackPaths = Set(tutorial.includes.filter(\.fallback).map(\.resolvedTo))
        figures = FigurePlacement(tutorial: tutorial)
        order = ReadingOrder(tutorial: tutorial)
        self.images = images
    }
}
