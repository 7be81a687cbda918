public import Foundation
import StepwiseCommands

/// Runs one fuzz input through the whole front end, the way a user runs it: the input is written as
/// a document of a small scratch project and `stepwise check` runs on it in-process (read →
/// normalize → parse → model → align and check → contract → render every page). The project has a
/// source, a translation, an include and the repository's templates, so every stage sees the input.
///
/// An input whose length is even is the source (and the contract tutorial), translated by a fixed
/// document; an odd one is the translation of a fixed source. The outcome must be a report (exit 0)
/// or one clear `path:line:col: error:` (exit 1); anything else is a violation, and a crash is one too.
public final class FrontEndFuzzer: @unchecked Sendable {
    /// The scratch project; removed when the fuzzer is released.
    public let root: URL
    private let sourceFile: URL
    private let translationFile: URL

    /// Creates the scratch project, with the templates of the repository at `repository`.
    public init(repository: URL) throws {
        let manager = FileManager.default
        root = manager.temporaryDirectory.appendingPathComponent("stepwise-fuzz-\(UUID().uuidString)", isDirectory: true)
        sourceFile = root.appendingPathComponent("content/en-us/articles/tutorial.md")
        translationFile = root.appendingPathComponent("content/de-de/articles/tutorial.md")
        for folder in ["content/en-us/articles", "content/en-us/includes", "content/de-de/articles", "generated/site", "generated/swift"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try manager.copyItem(at: repository.appendingPathComponent("templates"), to: root.appendingPathComponent("templates"))
        try Self.configuration.write(to: root.appendingPathComponent("stepwise.yml"), atomically: true, encoding: .utf8)
        try Self.include.write(to: root.appendingPathComponent("content/en-us/includes/shared.md"), atomically: true, encoding: .utf8)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// What one run gave: nil when the input was handled as promised, else what went wrong.
    public func run(_ input: Data) -> String? {
        let asSource = input.count % 2 == 0
        do {
            try input.write(to: asSource ? sourceFile : translationFile)
            try Data((asSource ? Self.translation : Self.source).utf8).write(to: asSource ? translationFile : sourceFile)
        } catch {
            return "cannot write the scratch project: \(error)"
        }
        let errors = LockedText()
        let console = Console(output: { _ in }, error: { errors.append($0) })
        let arguments = ["check", "content", "--root", root.path, "--no-baseline", "--format", "json", "--fail-on", "never"]
        let status = Console.$current.withValue(console) { Stepwise.run(arguments: arguments) }
        return Self.violation(status: status, errors: errors.text)
    }

    /// The promise: exit 0, or exit 1 with at least one `path:line:col: error:` line.
    public static func violation(status: Int32, errors: String) -> String? {
        switch status {
        case 0: return nil
        case 1:
            let located = errors.split(separator: "\n").contains { line in
                line.wholeMatch(of: /[^:\s][^:]*:\d+:\d+: error: .+/) != nil
            }
            return located ? nil : "exit 1 without a path:line:col: error: line; stderr: \(errors.prefix(500))"
        default:
            return "exit \(status); stderr: \(errors.prefix(500))"
        }
    }

    static let configuration = """
        defaultLocale: en-us
        contract:
          tutorial: en-us/articles/tutorial.md

        """

    static let include = """
        > [!NOTE]
        > Shared text with `code` and a [link](tutorial.md#build-the-app).

        """

    static let source = """
        ---
        title: Notify users
        ms.assetid: 0a1b2c3d
        ms.date: 03/04/2016
        ---
        # Notify users

        [!INCLUDE [shared](../includes/shared.md)]

        ## Build the app

        1. In **AppDelegate.m**, replace the `@implementation` section with the following code:

                @implementation AppDelegate
                - (void)run { NSLog(@"hi"); }
                @end

        2. Add a controller in **NotificationsController.cs**:

            ```csharp
            public class NotificationsController : ApiController
            {
                [HttpPost]
                public async Task<HttpResponseMessage> Post(string pns, [FromBody]string message, string to_tag)
                {
                    return Request.CreateResponse(HttpStatusCode.OK);
                }
            }
            ```

        3. See [the guide](other-doc.md#part).

        """

    static let translation = """
        ---
        title: Benutzer benachrichtigen
        ms.assetid: 0a1b2c3d
        ms.date: 03/04/2016
        ---
        # Benutzer benachrichtigen

        [!INCLUDE [shared](../includes/shared.md)]

        ## Die App erstellen

        1. Ersetzen Sie in **AppDelegate.m** den Abschnitt `@implementation` durch den folgenden Code:

                @implementation AppDelegate
                - (void)run { NSLog(@"hallo"); }
                @end

        2. Fügen Sie in **NotificationsController.cs** einen Controller hinzu:

            ```csharp
            public class NotificationsController : ApiController
            {
                [HttpPost]
                public async Task<HttpResponseMessage> Post(string pns, [FromBody]string message, string to_tag)
                {
                    return Request.CreateResponse(HttpStatusCode.OK);
                }
            }
            ```

        3. Siehe [die Anleitung](other-doc.md#part).

        """
}

/// Text appended from several threads.
private final class LockedText: @unchecked Sendable {
    private let lock = NSLock()
    private var storage = ""

    func append(_ text: String) {
        lock.withLock { storage += text }
    }

    var text: String { lock.withLock { storage } }
}
