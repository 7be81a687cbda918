import Foundation
import StepwiseTestSupport
import Testing

/// The generated pages as a reader's browser runs them: no script error on any page, the copy
/// button quiet when the clipboard is refused, and no hostile input that ever executes.
@Suite(.serialized, .enabled(if: HeadlessChromium.available)) struct BrowserTests {
    /// Turns the dialogs hostile payloads call into console messages the test can see.
    static let dialogHook = """
        <script data-harness>window.alert = window.confirm = window.prompt = function (m) { console.log("xss-fired dialog " + m); };</script>
        """

    /// After load, reports every event-handler attribute, script-scheme URL and active element
    /// in the body as the browser parsed them (entities decoded, case folded).
    static let domReport = """
        <script data-harness>
        addEventListener("load", function () {
          var found = [];
          document.querySelectorAll("*").forEach(function (element) {
            for (var i = 0; i < element.attributes.length; i++) {
              var name = element.attributes[i].name.toLowerCase();
              var value = element.attributes[i].value.replace(/[\\u0000-\\u0020]/g, "").toLowerCase();
              if (name.indexOf("on") === 0) found.push(element.tagName + "[" + name + "]");
              if (/^(javascript|vbscript|data):/.test(value)) found.push(element.tagName + "[" + name + "=" + value.slice(0, 24) + "]");
            }
          });
          document.body.querySelectorAll("script:not([data-harness]), iframe, frame, object, embed, style, base, form, meta, link, svg, math").forEach(function (element) {
            found.push(element.tagName);
          });
          console.log("dom-report " + JSON.stringify(found));
        });
        </script>
        """

    @Test("every page of the bundled site runs without a console message or an uncaught exception")
    func quietPages() throws {
        let project = try SiteProject()
        #expect(project.build().status == 0)
        let pages = try SiteProject.files(in: project.site).keys.filter { $0.hasSuffix(".html") }.sorted()
        #expect(pages.count == 16, "5 tutorial pages, the index, the 404 page, 4 translation-status pages, the drift report's overview and 4 locales' pages")
        // The 404 page links from the server's root, where a server shows it at any depth (see
        // SiteServerTests): from file:// its stylesheet is not found.
        for page in pages where page != "404.html" {
            let visit = try HeadlessChromium.visit(project.site.appendingPathComponent(page))
            #expect(visit.dom.contains("<main id=\"main\""), "\(page) did not load")
            #expect(visit.console == [], "\(page) logged \(visit.console)")
        }
        // The hook sees what it is there to see: a page that throws, and one that rejects a promise.
        let control = project.site.appendingPathComponent("control.html")
        try "<!doctype html><title>c</title><script>Promise.reject(new Error('rejected'));</script><script>throw new Error('thrown');</script>"
            .write(to: control, atomically: true, encoding: .utf8)
        let visit = try HeadlessChromium.visit(control)
        #expect(visit.uncaught.sorted() == ["Uncaught (in promise) Error: rejected", "Uncaught Error: thrown"])
    }

    /// A tutorial page whose clipboard answers every copy with `answer` (a JavaScript promise
    /// expression), and whose copy buttons are all clicked once the page has loaded; visited for
    /// less virtual time than the button takes to reset its label.
    private func clickCopyButtons(_ project: SiteProject, answer: String, name: String) throws -> HeadlessChromium.Visit {
        let page = project.site.appendingPathComponent("en-us/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html")
        let clipboard = """
            <script data-harness>Object.defineProperty(navigator, "clipboard", { value: { writeText: function () { return \(answer); } } });</script>
            """
        let clicks = """
            <script data-harness>addEventListener("load", function () {
              var buttons = document.querySelectorAll("button.copy-button:not([hidden])");
              buttons.forEach(function (button) { button.click(); });
              console.log("clicked " + buttons.length);
            });</script>
            """
        return try HeadlessChromium.visit(try HeadlessChromium.harness(for: page, name: name, head: clipboard, tail: clicks), budget: 500)
    }

    @Test("copy buttons: a refused clipboard is handled quietly, an allowed one confirms the copy")
    func copyButtons() throws {
        let project = try SiteProject()
        #expect(project.build().status == 0)
        let refused = try clickCopyButtons(project, answer: "Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'))", name: "refused.html")
        let clicked = try #require(refused.console.first { $0.hasPrefix("clicked ") })
        #expect((Int(clicked.dropFirst("clicked ".count)) ?? 0) > 10, "\(clicked)")
        #expect(refused.uncaught == [], "\(refused.uncaught)")
        #expect(!refused.dom.contains(">Copied<"))
        let allowed = try clickCopyButtons(project, answer: "Promise.resolve()", name: "allowed.html")
        #expect(allowed.uncaught == [])
        #expect(allowed.dom.contains(">Copied</button>"), "the copied label shows after a copy")
    }

    @Test("switching language mid-page opens the other language at the same section")
    func languageSwitchKeepsPlace() throws {
        let project = try SiteProject()
        #expect(project.build().status == 0)
        let article = "articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html"
        // The reader scrolls to a section halfway down the German page, then picks English.
        let probe = """
            <script data-harness>addEventListener("load", function () {
              var sections = document.querySelectorAll("main section[id]");
              var target = sections[Math.floor(sections.length / 2)];
              target.scrollIntoView();
              var link = document.querySelector(".language-switcher a[hreflang='en-us']");
              link.dispatchEvent(new MouseEvent("mousedown", { bubbles: true }));
              console.log("place " + target.id + " " + link.getAttribute("href"));
            });</script>
            """
        let visit = try HeadlessChromium.visit(try HeadlessChromium.harness(for: project.site.appendingPathComponent("de-de/" + article), name: "place.html", tail: probe))
        let line = try #require(visit.console.first { $0.hasPrefix("place ") })
        let parts = line.split(separator: " ").map(String.init)
        try #require(parts.count == 3)
        let (id, href) = (parts[1], parts[2])
        #expect(href.hasSuffix("/en-us/" + article + "#" + id), "\(line)")
        // The German section shows its own heading, yet its id is the English page's.
        let english = try String(contentsOf: project.site.appendingPathComponent("en-us/" + article), encoding: .utf8)
        #expect(english.contains("<section id=\"\(id)\""), "the English page has no section \(id)")
        #expect(!id.isEmpty && visit.uncaught == [])
    }

    @Test("printing opens every folded diff and list, and closes them again after")
    func printOpensDetails() throws {
        let project = try SiteProject()
        #expect(project.build().status == 0)
        let probe = """
            <script data-harness>addEventListener("load", function () {
              function closed() { return document.querySelectorAll("details:not([open])").length; }
              var before = closed();
              dispatchEvent(new Event("beforeprint"));
              var printing = closed();
              dispatchEvent(new Event("afterprint"));
              console.log("details " + before + " " + printing + " " + closed());
            });</script>
            """
        let page = project.site.appendingPathComponent("sv-se/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html")
        let visit = try HeadlessChromium.visit(try HeadlessChromium.harness(for: page, name: "print.html", tail: probe))
        let line = try #require(visit.console.first { $0.hasPrefix("details ") })
        let counts = line.split(separator: " ").dropFirst().compactMap { Int($0) }
        #expect(counts.count == 3 && counts[0] > 0 && counts[1] == 0 && counts[2] == counts[0], "\(line)")
    }

    @Test("at 390 px the drift report's and the status pages' count tables fit the screen: nothing scrolls sideways")
    func narrowTablesFit() throws {
        let project = try SiteProject()
        #expect(project.build().status == 0)
        let probe = """
            <script data-harness>addEventListener("load", function () {
              var wide = [];
              document.querySelectorAll(".table-scroll, main").forEach(function (e) { if (e.scrollWidth > e.clientWidth) wide.push(e.className + " " + e.scrollWidth + ">" + e.clientWidth); });
              console.log("wide " + document.documentElement.getBoundingClientRect().width + " " + JSON.stringify(wide));
            });</script>
            """
        // Headless windows are at least 500 px wide (narrow for the stylesheet already): the page is laid out 390 px wide in one.
        let narrow = "<style data-harness>html { width: 390px; }</style>"
        for page in ["drift-report.html", "status.html", "fr-fr/status.html", "de-de/drift-report.html"] {
            let visit = try HeadlessChromium.visit(try HeadlessChromium.harness(
                for: project.site.appendingPathComponent(page), name: "narrow-" + page.replacingOccurrences(of: "/", with: "-"), head: narrow, tail: probe), width: 390)
            let line = try #require(visit.console.first { $0.hasPrefix("wide ") }, "\(page): \(visit.console)")
            #expect(line == "wide 390 []", "\(page): \(line)")
        }
    }

    @Test("on the drift report a warning is not shown in the error colour")
    func severityColours() throws {
        let project = try SiteProject()
        #expect(project.build().status == 0)
        let probe = """
            <script data-harness>addEventListener("load", function () {
              function colour(selector) { var e = document.querySelector(selector); return e ? getComputedStyle(e).color : "none"; }
              console.log("colours " + colour(".finding-error .finding-severity") + " / " + colour(".finding-warning .finding-severity"));
            });</script>
            """
        let visit = try HeadlessChromium.visit(try HeadlessChromium.harness(for: project.site.appendingPathComponent("de-de/drift-report.html"), name: "colours.html", tail: probe))
        let line = try #require(visit.console.first { $0.hasPrefix("colours ") })
        let parts = line.dropFirst("colours ".count).components(separatedBy: " / ")
        #expect(parts.count == 2 && parts[0].hasPrefix("rgb") && parts[1].hasPrefix("rgb") && parts[0] != parts[1], "\(line)")
    }

    @Test("a word longer than the page's contents box or the site navigation wraps inside it (a file name in a heading, a long page name)")
    func longWordsStayInTheirBoxes() throws {
        let project = try SiteProject()
        let folder = project.folder.url.appendingPathComponent("content/en-us/articles/long")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let word = "TrustFrameworkExtensionsWithAnExtremelyLongName.xml"
        try "# [Edit \(word)](long.md)\n".write(to: folder.appendingPathComponent("TOC.md"), atomically: true, encoding: .utf8)
        try """
            # Long names

            Some text to read.

            ## Add the claim to \(word)

            More text.

            ## Publish

            The end.

            """.write(to: folder.appendingPathComponent("long.md"), atomically: true, encoding: .utf8)
        #expect(project.build().status < 2)
        let probe = """
            <script data-harness>addEventListener("load", function () {
              var boxes = [];
              document.querySelectorAll(".toc, .site-nav").forEach(function (e) {
                var inner = e.getBoundingClientRect().right, widest = inner;
                e.querySelectorAll("a").forEach(function (a) { widest = Math.max(widest, a.getBoundingClientRect().right); });
                boxes.push(e.className + (widest > inner + 0.5 ? " overflows" : " holds"));
              });
              console.log("boxes " + JSON.stringify(boxes));
            });</script>
            """
        // Wide enough for the contents box beside the text (the stylesheet's 64rem) and the navigation beside both.
        let visit = try HeadlessChromium.visit(
            try HeadlessChromium.harness(for: project.site.appendingPathComponent("en-us/articles/long/long.html"), name: "long-harness.html", tail: probe), width: 1400)
        let line = try #require(visit.console.first { $0.hasPrefix("boxes ") }, "\(visit.console)")
        #expect(line == #"boxes ["toc holds","site-nav holds"]"#, "\(line)")
    }

    @Test("hostile Markdown, HTML and DocFX blocks never run script in the browser")
    func hostilePage() throws {
        let project = try SiteProject()
        let folder = project.folder.url.appendingPathComponent("content/en-us/articles/hostile")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let hostile = RepositoryFiles.root.appendingPathComponent("Tests/StepwiseCommandsTests/Fixtures/hostile-page/hostile.md")
        try FileManager.default.copyItem(at: hostile, to: folder.appendingPathComponent("hostile.md"))
        let result = project.build()
        #expect(result.error.contains("hostile.md:28:1: error: include"), "the missing include is reported: \(result.error)")
        let page = project.site.appendingPathComponent("en-us/articles/hostile/hostile.html")
        let visit = try HeadlessChromium.visit(try HeadlessChromium.harness(for: page, name: "hostile-harness.html", head: Self.dialogHook, tail: Self.domReport))
        #expect(visit.dom.contains("Reference"), "the page rendered its text")
        #expect(!visit.console.contains { $0.contains("xss-fired") }, "\(visit.console)")
        #expect(visit.console.contains("dom-report []"), "\(visit.console)")
        #expect(visit.uncaught == [])

        // The same payloads as raw HTML, unsanitized: the hooks catch them, so silence above means something.
        let raw = project.site.appendingPathComponent("en-us/raw.html")
        try """
            <!doctype html><html><head><title>raw</title></head><body>
            <img src=x onerror=alert('inline')> <a href="javascript:alert('href')">a</a> <iframe src="about:blank"></iframe>
            </body></html>
            """.write(to: raw, atomically: true, encoding: .utf8)
        let control = try HeadlessChromium.visit(try HeadlessChromium.harness(for: raw, name: "raw-harness.html", head: Self.dialogHook, tail: Self.domReport))
        #expect(control.console.contains("xss-fired dialog inline"), "\(control.console)")
        #expect(control.console.contains { $0.hasPrefix("dom-report") && $0.contains("IMG[onerror]") && $0.contains("A[href=javascript:") && $0.contains("IFRAME") })
    }
}
