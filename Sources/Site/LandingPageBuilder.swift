import StepwiseDiagnostics
import TutorialModel

/// Prepares the landing page and the sitemap.
struct LandingPageBuilder {
    var plan: SitePlan
    var interface: InterfaceStrings
    var strings: [String: String]
    /// The drift report's pages (the sitemap lists them).
    var report: DriftReportLayout?

    /// The site index: `index.html` listing every tutorial while they fit in `pageSize`; otherwise
    /// `index.html` lists the parts, laid out by folder (see `FolderLayout`) at `index/<folder>/index.html`
    /// (`index-2.html`…), each listing its tutorials between the previous and next parts.
    func landingPages(pageSize: Int) -> [(path: String, view: LandingPageView)] {
        let all = plan.tutorialPaths
        let layout = FolderLayout<String>(folders: { $0.slashSeparatedParts().dropLast().map(String.init) }, weight: weight, pageSize: pageSize)
        guard all.reduce(0, { $0 + weight($1) }) > pageSize else {
            return [("index.html", view(at: "index.html", heading: siteTitle, tutorials: all))]
        }
        let parts = layout.parts(all)
        let paths = parts.map { $0.path(under: ["index"]) }
        var index = view(at: "index.html", heading: siteTitle, tutorials: [])
        index.sections = zip(parts, paths).map { part, path in .init(title: part.label(strings), href: SitePlan.href(from: "index.html", to: path), count: part.items.count) }
        let pages = parts.indices.map { number in
            let (part, path) = (parts[number], paths[number])
            var page = view(at: path, heading: part.label(strings), tutorials: part.items)
            page.chrome.pageTitle = part.label(strings) + " — " + siteTitle
            page.breadcrumbs = [.init(title: siteTitle, href: SitePlan.href(from: path, to: "index.html")), .init(title: part.label(strings), href: nil)]
            page.pager = PartPager(number, of: zip(parts, paths).map { ($0.label(strings), $1) })
            return (path, page)
        }
        return [("index.html", index)] + pages
    }

    private var siteTitle: String { strings["siteTitle"] ?? "Stepwise" }

    /// The page at `path` listing the tutorials at `tutorials` (their paths), with its links from there.
    private func view(at path: String, heading: String, tutorials: [String]) -> LandingPageView {
        LandingPageView(
            chrome: chrome(title: siteTitle, path: path), heading: heading,
            tutorials: tutorials.map { entry($0, from: path) },
            // Each language leads to its translation status (the default locale's: the overview).
            locales: plan.locales.map { locale in
                let status = locale == plan.configuration.defaultLocale ? "status.html" : TranslationStatus.path(of: locale)
                return LanguageLink(locale: locale, name: interface.languageName(of: locale), href: SitePlan.href(from: path, to: status), current: false)
            },
            statusHref: SitePlan.href(from: path, to: "status.html"),
            driftReportHref: SitePlan.href(from: path, to: DriftReportPageBuilder.overviewPath))
    }

    /// The index's entry of the tutorial at `path`: its languages and archived editions.
    private func entry(_ path: String, from page: String) -> LandingPageView.Entry {
        let all = plan.all(of: path)
        let primary = plan.variants(of: path).first ?? all[0]
        return LandingPageView.Entry(
            title: primary.title, description: primary.metadata.description,
            variants: plan.variants(of: path).map { variant($0, from: page) },
            archived: all.filter { !plan.isCurrent($0) }.map { variant($0, from: page) })
    }

    /// About the bytes of the tutorial at `path` on the index.
    private func weight(_ path: String) -> Int {
        let all = plan.all(of: path)
        return all.reduce(120 + (all.first?.metadata.description?.utf8.count ?? 0)) { $0 + 170 + 2 * $1.title.utf8.count + path.utf8.count }
    }

    private func variant(_ tutorial: Tutorial, from page: String) -> LandingPageView.Variant {
        LandingPageView.Variant(
            locale: tutorial.locale, language: interface.languageName(of: tutorial.locale), title: tutorial.title,
            href: SitePlan.href(from: page, to: plan.path(of: tutorial)), edition: tutorial.edition)
    }

    func chrome(title: String, path: String) -> PageChrome {
        let locale = plan.configuration.defaultLocale
        var chrome = PageChrome(lang: locale, pageTitle: title, root: SitePlan.root(of: path), strings: strings, alternates: [], languages: [])
        chrome.search = plan.searchBox(locale: locale, path: path)
        return chrome
    }

    /// Every current page with its language alternates, and every archived page.
    func sitemap() -> SitemapView {
        let base = plan.configuration.siteURL
        var entries = [SitemapView.Entry(location: base, alternates: [])]
        for tutorial in plan.tutorials {
            let variants = plan.isCurrent(tutorial) ? plan.variants(of: tutorial.tutorialPath) : []
            var alternates = variants.map { AlternateLink(hreflang: $0.locale, href: base + plan.url(of: $0)) }
            if let primary = variants.first(where: { $0.locale == plan.configuration.defaultLocale }) {
                alternates.append(AlternateLink(hreflang: "x-default", href: base + plan.url(of: primary)))
            }
            entries.append(SitemapView.Entry(location: base + plan.url(of: tutorial), alternates: alternates))
        }
        entries.append(SitemapView.Entry(location: base + DriftReportPageBuilder.overviewPath, alternates: []))
        for locale in report?.locales ?? [] {
            entries.append(SitemapView.Entry(location: base + SitePlan.encoded(DriftReportLayout.localePath(locale.locale)), alternates: []))
            for part in locale.isSplit ? locale.parts : [] {
                entries.append(SitemapView.Entry(location: base + SitePlan.encoded(part.path), alternates: []))
            }
        }
        entries.append(SitemapView.Entry(location: base + "status.html", alternates: []))
        for locale in plan.locales where locale != plan.configuration.defaultLocale {
            entries.append(SitemapView.Entry(location: base + SitePlan.encoded(TranslationStatus.path(of: locale)), alternates: []))
        }
        return SitemapView(urls: entries)
    }
}
