import TutorialModel

/// The images of one page as HTML: a local image as `<img>` on its copy in `media/` (with its size
/// when known), an http(s) image as it is, and one that cannot be shown as a visible placeholder
/// with its alt text. Images are found by the file they are written in and their destination.
struct PageImages {
    private struct Key: Hashable {
        var file: String
        var destination: String
    }

    private var images: [Key: ImageReferenceInfo] = [:]
    private var media: MediaCatalog
    /// The page's way up to the site root (`../../`).
    private var root: String
    /// "Image not available", in the page's language.
    private var missing: String

    init(tutorial: Tutorial, media: MediaCatalog, root: String, missing: String) {
        self.media = media
        self.root = root
        self.missing = missing
        for image in tutorial.images where image.placement != .code {
            guard let destination = image.destination else { continue }
            let key = Key(file: image.origin.path, destination: destination)
            if images[key] == nil { images[key] = image }
        }
    }

    /// Where an image written in `file` with `destination` is shown from: its copy, its URL, or nil.
    func source(_ destination: String?, in file: String) -> (src: String, width: Int?, height: Int?)? {
        guard let destination else { return nil }
        if let image = images[Key(file: file, destination: destination)] {
            if let resolved = image.resolvedTo {
                guard let copy = media.files[resolved] else { return nil }
                return (root + copy.path, copy.width, copy.height)
            }
            if image.problem != nil { return nil }
        }
        return Self.isExternal(destination) ? (destination, nil, nil) : nil
    }

    /// An http(s) URL the sanitizer accepts.
    static func isExternal(_ url: String) -> Bool {
        let lower = url.trimmingWhitespaces().lowercased()
        return (lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("//")) && HTMLSanitizer.isSafeURL(url)
    }

    /// `<img>` for an image span written in `file`, or its placeholder.
    func html(alt: String, destination: String?, title: String?, in file: String) -> String {
        guard let found = source(destination, in: file) else { return placeholder(alt: alt, reference: destination) }
        return Self.tag(src: found.src, alt: alt, title: title, width: found.width, height: found.height)
    }

    static func tag(src: String, alt: String, title: String?, width: Int?, height: Int?) -> String {
        var html = "<img src=\"\(HTMLEscaping.escape(src))\" alt=\"\(HTMLEscaping.escape(alt))\""
        if let title, !title.isEmpty { html += " title=\"\(HTMLEscaping.escape(title))\"" }
        if let width, let height { html += " width=\"\(width)\" height=\"\(height)\"" }
        return html + " loading=\"lazy\" decoding=\"async\">"
    }

    /// A visible stand-in where an image cannot be shown: its alt text (else its reference).
    func placeholder(alt: String, reference: String?) -> String {
        let shown = alt.isEmpty ? (reference ?? "") : alt
        return "<span class=\"media-missing-inline\" role=\"img\" aria-label=\"\(HTMLEscaping.escape(missing + (shown.isEmpty ? "" : ": " + shown)))\">"
            + "<span class=\"media-icon\" aria-hidden=\"true\">▧</span> \(HTMLEscaping.escape(shown.isEmpty ? missing : shown))</span>"
    }

    /// A figure (an image alone in a block): the image when it can be shown, else the placeholder
    /// with its alt text and reference name.
    func figure(_ image: ImageReferenceInfo) -> FigureView {
        figure(alt: image.alt, destination: image.destination, title: image.title, label: image.label, in: image.origin.path)
    }

    /// A figure for an image span written in `file` (a paragraph holding only images).
    func figure(_ inline: InlineSpan, in file: String) -> FigureView {
        let label = inline.destination.flatMap { images[Key(file: file, destination: $0)]?.label } ?? inline.destination ?? ""
        return figure(alt: inline.text, destination: inline.destination, title: inline.title, label: label, in: file)
    }

    private func figure(alt: String, destination: String?, title: String?, label: String, in file: String) -> FigureView {
        var view = FigureView(alt: alt.isEmpty ? nil : alt, reference: label, message: missing)
        if let found = source(destination, in: file) {
            view.image = Self.tag(src: found.src, alt: alt, title: title, width: found.width, height: found.height)
        }
        return view
    }
}

extension PageImages {
    /// The images as seen from one file of the page (the document or an include).
    func `in`(_ file: String) -> FileImages { FileImages(page: self, file: file) }
}

/// A page's images for the spans of one file: destinations are relative to that file.
struct FileImages {
    var page: PageImages
    var file: String

    func source(_ src: String) -> HTMLSanitizer.ImageSource? {
        page.source(src, in: file)
    }

    func html(_ inline: InlineSpan) -> String {
        page.html(alt: inline.text, destination: inline.destination, title: inline.title, in: file)
    }

    /// The placeholder of an image raw HTML names that cannot be shown.
    func placeholder(alt: String) -> String {
        page.placeholder(alt: alt, reference: nil)
    }
}
