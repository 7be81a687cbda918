import TutorialModel

/// Prepares the landing page and the sitemap.
struct LandingPageBuilder {
    var plan: SitePlan
    var interface: InterfaceStrings
    var strings: [String: String]
    /// The drift report's pages (the sitemap lists them).
    var report: DriftReportLayout?

    func landing() -> LandingPageView {
        let entries = plan.tutorialPaths.map { path in
            let all = plan.all(of: path)
            let primary = plan.variants(of: path).first ?? all[0]
            return LandingPageView.Entry(
                title: primary.title, description: primary.metadata.description,
                variants: plan.variants(of: path).map(variant),
                archived: all.filter { !plan.isCurrent($0) }.map(variant))
        }
        return LandingPageView(
            chrome: chrome(title: strings["siteTitle"] ?? "Stepwise", path: "index.html"),
            tutorials: entries,
            // Each language leads to its translation status (the default locale's: the overview).
            locales: plan.locales.map { locale in
                let status = locale == plan.configuration.defaultLocale ? "status.html" : SitePlan.encoded(TranslationStatus.path(of: locale))
                return LanguageLink(locale: locale, name: interface.languageName(of: locale), href: status, current: false)
            },
            driftReportHref: DriftReportPageBuilder.overviewPath)
    }

    private func variant(_ tutorial: Tutorial) -> LandingPageView.Variant {
        LandingPageView.Variant(
            locale: tutorial.locale, language: interface.languageName(of: tutorial.locale), title: tutorial.title,
            href: plan.url(of: tutorial), edition: tutorial.edition)
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
