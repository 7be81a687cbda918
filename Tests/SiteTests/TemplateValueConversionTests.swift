import DocFXDialect
import Foundation
@testable import Site
import StepwiseTestSupport
import Testing
import TutorialModel

/// The views that make their template value themselves (`TemplateValueConvertible`) make exactly what
/// their encoding makes: on every page of the bundled content (both editions, four locales, with a
/// table of contents) and on a page with every kind of block, verified samples with their diffs, a
/// fallback section and a date.
@Suite struct TemplateValueConversionTests {
    static let crafted = """
        ---
        title: Every block
        description: A page with every kind of block.
        author: someone
        ms.date: 03/04/2016
        ---
        # Every block

        Intro with **strong**, *emphasis*, `code`, [a link](https://example.com/x) and [a broken one](missing.md).

        <a name="anchor"></a>
        ## Tables and lists

        | Left | Center | Right | Plain |
        |:-----|:------:|------:|-------|
        | a    | b      | c     | d     |

        3. third
           - nested *bullet*

             > ### A heading in a quote
             > quoted text

           - another
        4. fourth

           ```bash
           echo in a list
           ```

        <div class="custom">an HTML block</div>

        ![Missing picture](media/missing.png)

        > [!NOTE]
        > A note with code:
        >
        > ```csharp
        > var x = 1;
        > ```

        > Just a quotation.

        ## Steps

        1. Create the file:

           ```objc
           @implementation AppDelegate
           @end
           ```

        2. Run it.

        # [C#](#tab/csharp)

        Tab content.
        """

    @Test("every view's template value is its encoding: bundled content and a page with every block")
    func conversionsAreEncodings() throws {
        let fixture = try SiteFixture()
        let crafted = try fixture.tutorialWithProblems("en-us/articles/svc/every.md", Self.crafted)
        let loader = DocumentLoader(workingDirectory: RepositoryFiles.root, defaultLocale: "en-us", contentRoot: RepositoryFiles.content)
        let bundled = try RepositoryFiles.seeds.map { try TutorialExtractor(loader: loader).extract(RepositoryFiles.content.appendingPathComponent($0.path)) }
        let tutorials = bundled + [crafted]
        var configuration = fixture.configuration
        configuration.editURL = "https://example.com/edit/{path}"
        let plan = SitePlan(tutorials: tutorials, configuration: configuration)
        let interface = try InterfaceStrings.load(
            from: RepositoryFiles.root.appendingPathComponent("templates/strings"), fallbackLocale: configuration.defaultLocale)
        let navigation = SiteNavigation(tables: [
            SiteNavigation.Table(locale: "en-us", folder: "articles", file: "en-us/articles/TOC.md", contents: TableOfContents.markdown("""
                # [Notify users](notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md)
                # Group
                ## [Every block](svc/every.md)
                ## [Elsewhere](https://example.com/elsewhere)
                """)),
        ])
        // Each sample verified one way or another, one with a diff and a replacement.
        let statuses: [SampleVerification.Status] = [.matchesSource, .repaired, .drift, .fallback, .unverified]
        var verifications: [SampleKey: SampleVerification] = [:]
        for tutorial in tutorials {
            for (index, sample) in tutorial.allCode.enumerated() {
                let status = statuses[index % statuses.count]
                verifications[SampleKey(source: tutorial.source, sample: sample.id)] = SampleVerification(
                    status: status, note: status == .unverified ? "" : "a note",
                    diff: status == .drift ? [DiffLine(.context, "a"), DiffLine(.removed, "b"), DiffLine(.added, "c")] : [],
                    replacementText: status == .repaired ? "restored()" : nil)
            }
        }
        var views = 0
        var keys = Set<String>()
        func collect(_ value: TemplateValue) {
            switch value {
            case .list(let items): items.forEach(collect)
            case .object(let fields):
                keys.formUnion(fields.map(\.key))
                fields.map(\.value).forEach(collect)
            default: break
            }
        }
        for tutorial in tutorials {
            var builder = TutorialPageBuilder(
                plan: plan, interface: interface, strings: interface.table(for: tutorial.locale).strings, verifications: verifications,
                navigationIndex: NavigationIndex(navigation: navigation, plan: plan))
            builder.lastUpdated = tutorial.locale == "fr-fr" ? "2020-01-02" : nil
            let page = builder.page(for: tutorial)
            let converted = TemplateValue(encoding: page)
            #expect(converted == TemplateValue(encoding: page, converting: false), "\(tutorial.source)")
            collect(converted)
            views += 1
        }
        #expect(views == tutorials.count)
        // The pages hold every view and every optional field the conversions spell (but a list's start
        // and a figure's image: see `nestedInEncodable`).
        let optional = ["description", "author", "date", "iso", "navigation", "editURL", "previous", "next", "breadcrumbs", "closes",
                        "table", "align", "events", "text", "block", "html", "figure", "alt", "heading", "alert", "stepList",
                        "sample", "badge", "diff", "sign", "note", "replaces", "file", "fileInferred", "action", "lang", "anchors", "isTab",
                        "canonical", "alternates", "languages", "broken", "external"]
        #expect(Set(optional).subtracting(keys).isEmpty, "not exercised: \(Set(optional).subtracting(keys).sorted())")
    }

    @Test("a convertible view nested in a view that is not is converted, and equals its encoding (a list's start, a figure's image)")
    func nestedInEncodable() {
        struct Outer: Encodable {
            var crumbs = [Crumb(title: "a", href: nil), Crumb(title: "b", href: "b.html")]
            var line: NavLine? = NavLine(title: "t", href: "h", current: true, closes: [1, 2])
            var events = [ListEvent(openList: true, ordered: true, start: 3), ListEvent(text: "x")]
            var figure = FigureView(alt: "alt", reference: "media/a.png", message: "shown", image: "<img src=\"a.png\">")
        }
        #expect(TemplateValue(encoding: Outer()) == TemplateValue(encoding: Outer(), converting: false))
        #expect(TemplateValue(encoding: Crumb(title: "a", href: nil)) == .object(["title": .string("a")]))
    }

    /// A view whose own value differs from its encoding: tells which one was taken.
    struct Probe: TemplateValueConvertible {
        var encoded = "encoded"
        var templateValue: TemplateValue { .string("direct") }
    }

    @Test("a convertible view is asked for its value at the top, as a field, in a list, in nested containers and as a single value; without converting, it is encoded")
    func convertibleTaken() {
        struct Holder: Encodable {
            var probe = Probe()
            var probes = [Probe()]
            var optional: Probe? = Probe()
        }
        struct Single: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(Probe())
            }
        }
        struct Nested: Encodable {
            enum Keys: String, CodingKey { case list, inner }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try list.encode(Probe())
                var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
                try inner.encode(Probe(), forKey: .inner)
            }
        }
        let direct = TemplateValue.string("direct"), encoded = TemplateValue.object(["encoded": .string("encoded")])
        #expect(TemplateValue(encoding: Nested()) == .object(["list": .list([direct]), "inner": .object(["inner": direct])]))
        #expect(TemplateValue(encoding: Nested(), converting: false) == .object(["list": .list([encoded]), "inner": .object(["inner": encoded])]))
        #expect(TemplateValue(encoding: Probe()) == direct && TemplateValue(encoding: Single()) == direct)
        #expect(TemplateValue(encoding: Holder()) == .object(["probe": direct, "probes": .list([direct]), "optional": direct]))
        #expect(TemplateValue(encoding: Holder(), converting: false) == .object(["probe": encoded, "probes": .list([encoded]), "optional": encoded]))
        #expect(TemplateValue(encoding: Single(), converting: false) == encoded)
    }
}
