import StepwiseDiagnostics

/// An image written in a document, found line by line: a reference `![alt][label]` (or `![label]`),
/// an inline `![alt](path "title")`, or a DocFX `:::image type="content" source="…" alt-text="…":::`.
public struct ImageReference: Hashable, Sendable, Codable {
    /// How the image is written.
    public enum Syntax: String, Hashable, Sendable, Codable {
        case reference, inline, docfx
        /// Raw HTML, `<img src="…">`.
        case html
    }

    public var alt: String
    /// The reference label (`reference`); for other syntaxes the destination as written.
    public var label: String
    public var line: Int
    public var column: Int
    public var syntax: Syntax = .reference
    /// The path or URL as written (`inline`, `docfx`); nil for a reference until its definition is known.
    public var destination: String?
    public var title: String?

    public init(alt: String, label: String, line: Int, column: Int) {
        self.alt = alt
        self.label = label
        self.line = line
        self.column = column
    }

    /// Every image of one line, in the order they stand.
    static func scan(_ line: String, number: Int) -> [ImageReference] {
        // Most lines hold none of the forms' first bytes: three `memchr`s rule them out before any search.
        guard line.containsByte(UInt8(ascii: "!")) || line.containsByte(UInt8(ascii: ":")) || line.containsByte(UInt8(ascii: "<")),
              line.contains("![") || line.contains(":::") || line.contains("<img") || line.contains("<IMG") else { return [] }
        let line = maskingCodeSpans(line)
        func column(_ index: String.Index) -> Int { line.utf8.distance(from: line.startIndex, to: index) + 1 }
        var found: [ImageReference] = []
        // Only a line holding the Markdown forms' start (most lines that pass the guard hold one kind).
        if line.contains("![") {
            var bytesOfLine = line
            bytesOfLine.withUTF8 { bytes in
                func slice(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
                let (references, inline) = MarkdownImageScanner.images(in: bytes)
                for match in references {
                    let alt = slice(match.alt), label = slice(match.target)
                    found.append(ImageReference(alt: alt, label: label.isEmpty ? alt : label, line: number, column: match.start + 1))
                }
                for match in inline {
                    let destination = slice(match.target)
                    var image = ImageReference(alt: slice(match.alt), label: destination, line: number, column: match.start + 1)
                    image.syntax = .inline
                    image.destination = destination
                    image.title = match.title.map(slice)
                    found.append(image)
                }
            }
        }
        for match in line.contains(":::image") ? line.matches(of: docfxImageRegex) : [] {
            guard let image = docfx(String(match.output.attributes), line: number, column: column(match.range.lowerBound)) else { continue }
            found.append(image)
        }
        for match in line.containsByte(UInt8(ascii: "<")) ? line.matches(of: htmlImageRegex) : [] {
            let tag = match.output
            guard let source = tag.firstMatch(of: htmlSourceRegex)?.output.value, !source.isEmpty else { continue }
            var image = ImageReference(
                alt: tag.firstMatch(of: htmlAltRegex).map { String($0.output.value) } ?? "", label: String(source), line: number,
                column: column(match.range.lowerBound))
            image.syntax = Syntax.html
            image.destination = String(source)
            found.append(image)
        }
        return found.sorted { $0.column < $1.column }
    }

    /// The line with the text of its code spans (`` `![x](y)` `` in a sentence about Markdown) blanked,
    /// byte for byte, so columns stay where they are and code is never taken for an image.
    static func maskingCodeSpans(_ line: String) -> String {
        guard line.contains("`") else { return line }
        var result = ""
        var inside = false
        for character in line {
            if character == "`" {
                inside.toggle()
                result.append(character)
            } else {
                result += inside ? String(repeating: " ", count: character.utf8.count) : String(character)
            }
        }
        return inside ? line : result
    }

    /// A DocFX image from its attributes (`type`, `source`, `alt-text`, `border`, …); nil without a `source`.
    public static func docfx(_ attributes: String, line: Int, column: Int) -> ImageReference? {
        var values: [String: String] = [:]
        for match in attributes.matches(of: docfxAttributeRegex) {
            values[match.output.name.lowercased()] = String(match.output.value)
        }
        guard let source = values["source"], !source.isEmpty else { return nil }
        var image = ImageReference(alt: values["alt-text"] ?? "", label: source, line: line, column: column)
        image.syntax = .docfx
        image.destination = source
        return image
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let docfxImageRegex = /:::image\s+(?<attributes>[^:]*(?::(?!::)[^:]*)*):::/
nonisolated(unsafe) private let docfxAttributeRegex = /(?<name>[A-Za-z-]+)\s*=\s*"(?<value>[^"]*)"/
nonisolated(unsafe) private let htmlImageRegex = /<img\b[^>]*>/.ignoresCase()
nonisolated(unsafe) private let htmlSourceRegex = /\ssrc\s*=\s*["'](?<value>[^"']*)["']/.ignoresCase()
nonisolated(unsafe) private let htmlAltRegex = /\salt\s*=\s*["'](?<value>[^"']*)["']/.ignoresCase()
