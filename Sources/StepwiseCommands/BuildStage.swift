import Foundation

/// One named stage of `stepwise build`, reported as `[i/n] name`.
struct BuildStage: Sendable {
    var name: String
    var run: @Sendable (BuildContext) throws -> Void

    /// The stages `stepwise build` runs, in order.
    static var all: [BuildStage] { [.swiftContract, .site] }
}

/// What every stage reads: the project root and its configuration.
struct BuildContext: Sendable {
    /// The project root holding `content/`, `templates/`, `stepwise.yml` and `generated/`.
    var root: URL
    /// The root as given on the command line, for paths shown to the user.
    var rootPath: String
    /// The tutorial the Swift contract comes from, relative to `content/`.
    var contractTutorial: String

    /// `content` below the root, as the user would write it.
    func path(_ component: String) -> String {
        rootPath == "." ? component : (rootPath as NSString).appendingPathComponent(component)
    }

    func url(_ component: String) -> URL {
        root.appendingPathComponent(component)
    }
}
