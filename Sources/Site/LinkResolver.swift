/// Turns links written in documents into site links: other tutorials in `content/` become page
/// links, everything else goes to the configured documentation base URL and counts as external.
struct LinkResolver {
    var plan: SitePlan
    /// The page the link appears on, relative to the site root.
    var pagePath: String
    var locale: String

    func resolve(_ destination: String, text: String) -> LinkView? {
        let trimmed = destination.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, HTMLSanitizer.isSafeURL(trimmed) else { return nil }
        if trimmed.hasPrefix("#") { return LinkView(href: trimmed, text: text, external: false) }
        if trimmed.contains("://") || trimmed.hasPrefix("mailto:") { return LinkView(href: trimmed, text: text, external: true) }
        let (path, fragment) = split(trimmed)
        let name = SitePlan.pageName(path)
        if let target = plan.variants(of: plan.tutorialPath(named: name) ?? "").first(where: { $0.locale == locale }) {
            return LinkView(href: SitePlan.href(from: pagePath, to: plan.path(of: target)) + fragment, text: text, external: false)
        }
        let url = plan.configuration.docsURL(name: name, locale: locale) + fragment
        return LinkView(href: url, text: text, external: true)
    }

    private func split(_ destination: String) -> (String, String) {
        guard let hash = destination.firstIndex(of: "#") else { return (destination, "") }
        return (String(destination[..<hash]), String(destination[hash...]))
    }
}
