public import Foundation
import Mustache

/// Renders view models with the Mustache templates in `templates/`.
struct SiteRenderer: Sendable {
    private var library: MustacheLibrary

    /// Loads every `*.mustache` file in `directory` (not below it), named by file name.
    init(directory: URL) throws {
        var library = MustacheLibrary()
        let folder = TemplateFolder(directory)
        var texts: [String: String] = [:]
        for file in try folder.entries(suffix: ".mustache") {
            let name = file.deletingPathExtension().lastPathComponent
            let text = try folder.text(file)
            do {
                texts[name] = text
                try library.register(text, named: name)
            } catch {
                throw SiteError("template \(file.lastPathComponent) does not parse: \(error)")
            }
        }
        try PartialGraph(templates: texts).validate()
        self.library = library
    }

    /// The bytes of `view` rendered with the template `name`.
    func render<View: Encodable>(_ view: View, template name: String) throws -> Data {
        guard let text = library.render(TemplateValue.convert(view), withTemplate: name) else {
            throw SiteError("templates/\(name).mustache is missing")
        }
        return Data(text.utf8)
    }
}

/// A build failure with a message for the user.
public struct SiteError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
