import Foundation
import StepwiseTestSupport
import Testing

/// The site's badges come from the drift checks, not from the model alone.
@Suite struct SiteVerificationTests {
    let project: SiteProject

    init() throws {
        project = try SiteProject()
        #expect(project.build().status == 0)
    }

    func page(_ locale: String) throws -> String {
        try String(contentsOf: project.site.appendingPathComponent("\(locale)/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html"), encoding: .utf8)
    }

    @Test("the unrecoverable Swedish sample is shown restored from the English source, not machine-translated")
    func restoredSwedishSample() throws {
        let swedish = try page("sv-se")
        #expect(swedish.contains("Restored from the en-us source, line 687: in this translation machine translation had changed this code"))
        #expect(!swedish.contains("avsändaren"), "the machine-translated code (`(id) avsändaren`) is not shown")
    }

    @Test("the German escape drift carries a drift badge with its token diff")
    func germanDrift() throws {
        let german = try page("de-de")
        #expect(german.components(separatedBy: "badge badge-drift").count - 1 == 1, "the untranslated include's samples are fallback, not drift")
        #expect(german.contains(#"<span class="diff-removed">− 772: @&quot;\&quot;%@\&quot;&quot;</span>"#))
        #expect(german.contains(#"<span class="diff-added">+ 402: @&quot;&quot;%@&quot;&quot;</span>"#))
    }
}
