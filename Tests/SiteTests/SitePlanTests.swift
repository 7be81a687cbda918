@testable import Site
import Testing
import TutorialModel

/// The site plan's order and lookups, against the plain definitions they stand for: the documents
/// sorted by (tutorial path, edition, locale) as tuples, and each tutorial path's documents grouped
/// by a dictionary, on thousands of generated documents with repeated paths, several editions and
/// locales, and one path spelled two ways (composed and decomposed accents: one path to Swift).
@Suite struct SitePlanTests {
    private static let configuration = SiteConfiguration(defaultLocale: "fr-fr", sourceEdition: "current")

    /// Documents in a scrambled order: `count` of them over fewer tutorial paths, so that most paths
    /// have several documents (locales and editions), some of them twice.
    private static func documents(count: Int, seed: UInt64) -> [Tutorial] {
        var generator = SeededGenerator(seed: seed)
        let locales = ["fr-fr", "es-es", "de-de", "en-us"], editions = ["current", "2019", "2021"]
        let names = (0..<(count / 3)).map { "articles/\(["svc", "ops", "café", "cafe\u{301}"][$0 % 4])/page-\($0 % 97).md" }
        return (0..<count).map { _ in
            let path = names.randomElement(using: &generator)!, locale = locales.randomElement(using: &generator)!
            let edition = editions.randomElement(using: &generator)!
            return Tutorial(outline: "\(locale)/\(path)", locale: locale, edition: edition, tutorialPath: path, title: path, description: nil)
        }
    }

    /// Strings by their bytes: `==` on strings takes two spellings of one text for the same.
    private static func spelled(_ strings: [String]) -> [[UInt8]] { strings.map { Array($0.utf8) } }

    @Test("the documents are in tuple order, the paths in first-seen order, and each lookup answers as a grouping by path does")
    func lookups() {
        for seed: UInt64 in [1, 2, 3] {
            let documents = Self.documents(count: 3_000, seed: seed)
            let plan = SitePlan(tutorials: documents, configuration: Self.configuration)
            let sorted = documents.sorted { ($0.tutorialPath, $0.edition, $0.locale) < ($1.tutorialPath, $1.edition, $1.locale) }
            #expect(Self.spelled(plan.tutorials.map(\.source)) == Self.spelled(sorted.map(\.source)), "same order, each spelling in its place")
            var seen = Set<String>()
            let paths = sorted.map(\.tutorialPath).filter { seen.insert($0).inserted }
            #expect(Self.spelled(plan.tutorialPaths) == Self.spelled(paths), "each path spelled as its first document spells it")
            // Composed and decomposed `café` are one path: the plan has fewer paths than spellings.
            #expect(Set(paths.map { Array($0.utf8) }).count == paths.count && paths.count < Set(documents.map { Array($0.tutorialPath.utf8) }).count)
            let grouped = Dictionary(grouping: sorted, by: \.tutorialPath)
            let all = Set(documents.map(\.locale)).sorted()
            #expect(plan.locales == ["fr-fr"] + all.filter { $0 != "fr-fr" })
            #expect(plan.searchLocales == Set(documents.filter { $0.edition == "current" }.map(\.locale)))
            for path in paths + ["articles/none.md"] {
                let group = grouped[path] ?? []
                #expect(plan.contains(path) == !group.isEmpty)
                #expect(Self.spelled(plan.all(of: path).map(\.source)) == Self.spelled(group.map(\.source)))
                for locale in ["fr-fr", "es-es", "de-de", "en-us", "it-it"] {
                    #expect(plan.variant(of: path, locale: locale)?.source == group.first { $0.locale == locale }?.source)
                    let current = plan.locales.contains(locale) ? group.first { $0.locale == locale && $0.edition == "current" } : nil
                    #expect(plan.currentVariant(of: path, locale: locale)?.source == current?.source)
                }
                let variants = plan.locales.compactMap { locale in group.first { $0.locale == locale && $0.edition == "current" } }
                #expect(plan.variants(of: path).map(\.source) == variants.map(\.source))
            }
            for document in documents.prefix(200) {
                let current = grouped[document.tutorialPath]?.first { $0.locale == document.locale && $0.edition == "current" }
                #expect(plan.current(of: document)?.source == current?.source)
            }
        }
    }
}

/// SplitMix64: the same documents every run.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
