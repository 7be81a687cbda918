public import Foundation

/// Renders view models with the Mustache templates in `templates/`.
struct SiteRenderer: Sendable {
    private var library: TemplateLibrary

    /// Loads every `*.mustache` file in `directory` (not below it), named by file name.
    init(directory: URL) throws {
        let folder = TemplateFolder(directory)
        var templates: [String: Template] = [:]
        for file in try folder.entries(suffix: ".mustache") {
            let name = file.deletingPathExtension().lastPathComponent
            let text = try folder.text(file)
            do {
                templates[name] = try Template(text)
            } catch {
                throw SiteError("templates/\(file.lastPathComponent):\(error.line):\(error.column): \(error.message)")
            }
        }
        try PartialGraph(templates: templates).validate()
        library = TemplateLibrary(templates)
    }

    /// The bytes of `view` rendered with the template `name`, on top of `context` (see `TemplateLibrary.render`).
    func render<View: Encodable>(_ view: View, template name: String, context: [TemplateValue] = []) throws -> Data {
        guard let bytes = library.render(TemplateValue(encoding: view), template: name, context: context) else {
            throw SiteError("templates/\(name).mustache is missing")
        }
        return Data(bytes)
    }
}

/// A build failure with a message for the user.
public struct SiteError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
