public import Foundation

/// Renders view models with the Mustache templates in `templates/`.
struct SiteRenderer: Sendable {
    private var library: TemplateLibrary

    /// Loads every `*.mustache` file in `directory` (not below it), named by file name.
    init(directory: URL) throws {
        var library = TemplateLibrary()
        let folder = TemplateFolder(directory)
        var texts: [String: String] = [:]
        for file in try folder.entries(suffix: ".mustache") {
            let name = file.deletingPathExtension().lastPathComponent
            let text = try folder.text(file)
            do {
                texts[name] = text
                library[name] = try Template(text)
            } catch {
                throw SiteError("templates/\(file.lastPathComponent):\(error.line):\(error.column): \(error.message)")
            }
        }
        try PartialGraph(templates: texts).validate()
        self.library = library
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
