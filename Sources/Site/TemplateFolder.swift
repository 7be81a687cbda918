public import Foundation
import StepwiseDiagnostics

/// Every file the site reads from `templates/` (templates, interface strings, assets): listed and
/// read through `ContainedFiles`, so a symbolic link out of the folder, a FIFO or an oversized file
/// is an error naming the file, never read.
struct TemplateFolder {
    let url: URL
    private let files: ContainedFiles

    init(_ url: URL) {
        self.url = url.standardizedFileURL
        files = ContainedFiles(root: url)
    }

    /// The path shown in errors: `templates/…`.
    func displayPath(_ file: URL) -> String {
        let base = url.path.hasSuffix("/") ? url.path : url.path + "/"
        let path = file.standardizedFileURL.path
        return "templates/" + (path.hasPrefix(base) ? String(path.dropFirst(base.count)) : file.lastPathComponent)
    }

    /// The files in `subfolder` (the folder itself when empty) whose name ends with `suffix`, sorted.
    func entries(_ subfolder: String = "", suffix: String = "") throws -> [URL] {
        let folder = subfolder.isEmpty ? url : url.appendingPathComponent(subfolder, isDirectory: true)
        do {
            return try files.entries(of: folder) { !$0.hasPrefix(".") && $0.hasSuffix(suffix) }
        } catch {
            throw SiteError("\(displayPath(folder)): cannot list the folder: \(error)")
        }
    }

    func data(_ file: URL) throws -> Data {
        do {
            return try files.read(file)
        } catch {
            throw SiteError("\(displayPath(file)): cannot read: \(error)")
        }
    }

    func text(_ file: URL) throws -> String {
        guard let text = String(data: try data(file), encoding: .utf8) else {
            throw SiteError("\(displayPath(file)): not UTF-8 text")
        }
        return text
    }
}
