import Foundation
import StepwiseTestSupport
import Testing

@Suite struct DiffCommandTests {
    let old = RepositoryFiles.seed("001").path, new = RepositoryFiles.seed("000").path

    @Test("the 2014 edition against 2015: the client gained initWithEndpoint:, sending moved to /api/notifications?pns=…&to_tag=…")
    func editionChanges() {
        let result = runStepwise(["diff", old, new])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("~ code RegisterClient.h [objc]") })
        #expect(lines.contains { $0.hasPrefix("    + ") && $0.contains("-(instancetype) initWithEndpoint:(NSString*)Endpoint;") })
        #expect(lines.contains { $0.hasPrefix("    + ") && $0.contains(#"@"%@/api/notifications?pns=%@&to_tag=%@""#) })
        #expect(lines.contains { $0.hasPrefix("    - ") && $0.contains(#"@"{backend endpoint}/api/notifications""#) })
        #expect(lines.contains { $0.hasPrefix("+ code ViewController.m [objc]") }, "the SendToEnabledPlatforms sample is new")
    }

    @Test("JSON lists added, removed and changed samples with token changes")
    func json() throws {
        let result = runStepwise(["diff", old, new, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "stepwise.diff/1")
        let samples = try #require(object["samples"] as? [[String: Any]])
        #expect(Set(samples.compactMap { $0["change"] as? String }) == ["added", "removed", "changed"])
        #expect(samples.contains { ($0["changes"] as? [[String: Any]])?.isEmpty == false })
    }

    @Test("a document compared with itself has no changes")
    func sameDocument() {
        let result = runStepwise(["diff", new, new])
        #expect(result.output.contains("sections: 0 added, 0 removed, 0 changed; steps: 0 added, 0 removed, 0 changed; code samples: 0 added, 0 removed, 0 changed"))
    }

    @Test("diff needs exactly two files")
    func usage() {
        #expect(runStepwise(["diff", old]).status == 2)
        #expect(runStepwise(["diff", RepositoryFiles.content.path, new]).status == 2)
    }
}
