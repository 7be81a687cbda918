import DocFXDialect
import Foundation
import StepwiseDiagnostics

/// Finds the file each image of a tutorial names, with the path rules of includes: relative to the
/// file the image is written in (`~/` from the docset root, backslashes, percent-encoding, no query
/// or fragment), and never outside the content root. http(s) images stay external; other schemes
/// (`data:`, `javascript:`) are refused.
struct ImageResolver {
    var loader: DocumentLoader

    /// Sets each image's `resolvedTo` (the file its path names inside the content root, found or not)
    /// and `problem`; a local image that cannot be shown is a diagnostic.
    func resolve(_ images: inout [ImageReferenceInfo], in document: LoadedDocument) -> [Diagnostic] {
        var files: [String: URL] = [:]
        func visit(_ loaded: LoadedDocument) {
            files[loaded.file.path] = loaded.file.url
            loaded.includes.forEach { visit($0.document) }
        }
        visit(document)
        var diagnostics: [Diagnostic] = []
        // Each file's place (folder, layout, docset root, contained files), worked out once for all its
        // images; the files below one content root share its contained files (its canonical folders).
        var places: [URL: Place] = [:], contained: [URL: ContainedFiles] = [:]
        for index in images.indices where images[index].placement != .code {
            guard let written = images[index].destination, let file = files[images[index].origin.path] else { continue }
            let place = places[file] ?? place(of: file, contained: &contained)
            places[file] = place
            let location = SourceLocation(path: images[index].origin.path, line: images[index].origin.line, column: images[index].column ?? 1)
            switch resolve(written, at: place) {
            case .external: break
            case .found(let url, let path): images[index].resolvedTo = loader.displayPath(ofStandard: path, url: url)
            case .missing(let url, let path):
                let shown = loader.displayPath(ofStandard: path, url: url)
                images[index].resolvedTo = shown
                images[index].problem = "not found"
                diagnostics.append(Diagnostic(
                    id: "image-missing", severity: .warning, location: location, summary: "image '\(written)' not found: no file \(shown)"))
            case .problem(let id, let severity, let reason):
                images[index].problem = reason
                diagnostics.append(Diagnostic(id: id, severity: severity, location: location, summary: "image '\(written)' \(reason)"))
            }
        }
        return diagnostics
    }

    enum Outcome: Equatable {
        case external
        /// The file, and its (standard) path.
        case found(URL, path: String)
        /// A local path inside the content root with no file there (yet), and that path (standard).
        case missing(URL, path: String)
        case problem(id: String, severity: Severity, reason: String)
    }

    /// What resolving the images written in one file needs, worked out once per file: the folder
    /// relative paths start from, the content layout, the docset root `/` and `~/` paths start from,
    /// and the (canonical) content root a file must stay inside.
    struct Place {
        var folder: String
        var layout: ContentLayout
        var docsetRoot: String
        var contained: ContainedFiles
    }

    /// The place of images written in `file`; `contained`: the contained files of each content root
    /// met so far (this file's is added when it is new).
    func place(of file: URL, contained: inout [URL: ContainedFiles]) -> Place {
        let layout = loader.layout(for: file)
        let files = contained[layout.root] ?? ContainedFiles(root: layout.root)
        contained[layout.root] = files
        return Place(
            folder: StandardPath.folder(ofStandard: StandardPath.standardized(file)), layout: layout,
            docsetRoot: StandardPath.standardized(docsetRoot(of: file, layout: layout)), contained: files)
    }

    /// Where the image `written` in `file` is.
    func resolve(_ written: String, from file: URL) -> Outcome {
        var contained: [URL: ContainedFiles] = [:]
        return resolve(written, at: place(of: file, contained: &contained))
    }

    /// Where the image `written` in a file at `place` is. The path is resolved as a URL is, by its
    /// text (`..` takes off the component written before it, whatever links lie on the way); the
    /// file it names is then canonicalized, and refused outside the content root.
    func resolve(_ written: String, at place: Place) -> Outcome {
        let trimmed = written.isASCIIWithoutBlankEnds ? written : written.trimmingCharacters(in: .whitespaces)
        if let scheme = Self.scheme(of: trimmed) {
            return ["http", "https"].contains(scheme) ? .external
                : .problem(id: "image-missing", severity: .warning, reason: "is not shown: \(scheme): URLs are refused")
        }
        if trimmed.hasPrefix("//") { return .external }
        var path = IncludePath(trimmed)
        if path.path.hasPrefix("/") {
            path.path = String(path.path.drop { $0 == "/" })
            path.fromDocsetRoot = true
        }
        let base = path.fromDocsetRoot ? place.docsetRoot : place.folder
        let joined = Self.joined(base, path.path)
        let escapes = ImageResolver.Outcome.problem(
            id: "image-escapes-root", severity: .error, reason: "leaves the content root \(place.layout.rootPath); refused, never read")
        guard StandardPath.isInside(standard: joined, below: place.layout.rootPath) else { return escapes }
        let url = URL(fileURLWithPath: joined, isDirectory: false)
        do {
            let target = try place.contained.resolve(url)
            var info = stat()
            guard stat(target.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                return .problem(id: "image-missing", severity: .warning, reason: "is not a regular file")
            }
            return .found(url, path: joined)
        } catch .outsideRoot {
            return escapes
        } catch {
            return .missing(url, path: joined)
        }
    }

    /// The absolute path `relative` names from the folder `base` (an absolute path), standardized by
    /// its text: empty and `.` components dropped, `..` taking off the component before it (never
    /// above `/`), no trailing slash.
    static func joined(_ base: String, _ relative: String) -> String {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var parts: [Substring.UTF8View] = []
        for path in [base, relative] {
            for part in path.utf8.split(separator: slash) {
                if part.count == 1, part.first == dot { continue }
                if part.count == 2, part.first == dot, part.last == dot {
                    _ = parts.popLast()
                    continue
                }
                parts.append(part)
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(base.utf8.count + relative.utf8.count + 1)
        for part in parts {
            bytes.append(slash)
            bytes += part
        }
        return bytes.isEmpty ? "/" : String(decoding: bytes, as: UTF8.self)
    }

    /// The lower-cased scheme of a URL (`https`, `data`), nil for a path.
    static func scheme(of url: String) -> String? {
        guard url.utf8.contains(UInt8(ascii: ":")) else { return nil }  // most paths, without building `compact`
        let compact = String(url.unicodeScalars.filter { $0.value > 0x20 }.map(Character.init)).lowercased()
        guard let colon = compact.firstIndex(of: ":") else { return nil }
        let scheme = compact[..<colon]
        guard let first = scheme.first, first.isLetter, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else { return nil }
        // A Windows drive letter (`C:\…`) is a path that leaves the root, not a scheme.
        return scheme.count == 1 ? nil : String(scheme)
    }

    private func docsetRoot(of file: URL, layout: ContentLayout) -> URL {
        guard let first = layout.relativeComponents(of: file)?.first, ContentLayout.isLocale(first) else { return layout.root }
        return layout.root.appendingPathComponent(first, isDirectory: true)
    }
}
