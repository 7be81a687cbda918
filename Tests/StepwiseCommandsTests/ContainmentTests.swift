import Foundation
import StepwiseTestSupport
import Testing

/// Every file `build` reads besides the content (templates, interface strings, assets, the
/// configuration) goes through the same resolver as includes: a symbolic link out of its folder
/// or a FIFO is an error naming the file, and nothing of the outside file reaches the output.
@Suite struct ContainmentTests {
    /// A secret outside the project that no output may ever contain.
    static let secret = "outside-secret-\(UUID().uuidString)"

    private func outsideFile() throws -> (TemporaryDirectory, URL) {
        let outside = try TemporaryDirectory()
        let file = outside.url.appendingPathComponent("secret.txt")
        try "\(Self.secret): {{title}}\n".write(to: file, atomically: true, encoding: .utf8)
        return (outside, file)
    }

    @Test("a template, strings file or asset that links outside templates/ is refused by name", arguments: [
        "templates/stolen.mustache", "templates/strings/xx-xx.yml", "templates/assets/stolen.css",
    ])
    func linkedOut(path: String) throws {
        let (outside, secret) = try outsideFile()
        let project = try SiteProject()
        try FileManager.default.createSymbolicLink(at: project.folder.url.appendingPathComponent(path), withDestinationURL: secret)
        let result = project.build()
        #expect(result.status == 1)
        #expect(result.error.contains("\(path): cannot read: it resolves to \(secret.resolvingSymlinksInPath().path), outside the folder it is read from; refused, never read"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: project.site.path), "no site is written from refused templates")
        #expect(!result.output.contains(Self.secret) && !result.error.contains(Self.secret))
        _ = outside
    }

    @Test("a FIFO among the templates is an error, not a hang")
    func fifoTemplate() throws {
        let project = try SiteProject()
        #expect(mkfifo(project.folder.url.appendingPathComponent("templates/pipe.mustache").path, 0o600) == 0)
        let result = project.build()
        #expect(result.status == 1)
        #expect(result.error.contains("templates/pipe.mustache: cannot read: not a regular file"), "\(result.error)")
    }

    @Test("stepwise.yml linking outside the project is a configuration error (status 2), never read")
    func linkedConfiguration() throws {
        let (outside, secret) = try outsideFile()
        let project = try SiteProject()
        let config = project.folder.url.appendingPathComponent("stepwise.yml")
        try FileManager.default.removeItem(at: config)
        try FileManager.default.createSymbolicLink(at: config, withDestinationURL: secret)
        let result = project.build()
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("stepwise.yml:1:1: error: cannot read the configuration: it resolves to"), "\(result.error)")
        #expect(!result.error.contains(Self.secret))
        _ = outside
    }
}
