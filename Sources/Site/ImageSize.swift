import Foundation

/// The pixel size of a PNG, GIF, JPEG or SVG image, read from its header (no image library).
enum ImageSize {
    static func of(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(1 << 20))
        if let size = png(bytes) ?? gif(bytes) ?? jpeg(bytes) { return size }
        return svg(data)
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    static func png(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            bytes[12..<16].elementsEqual("IHDR".utf8)
        else { return nil }
        return positive(bigEndian(bytes, 16, count: 4), bigEndian(bytes, 20, count: 4))
    }

    static func gif(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 10, bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) else { return nil }
        return positive(Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
    }

    /// The size in the first start-of-frame segment, walking the segments from the start.
    static func jpeg(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 9 < bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            if [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF].contains(marker) {
                return positive(bigEndian(bytes, offset + 7, count: 2), bigEndian(bytes, offset + 5, count: 2))
            }
            if marker == 0xD9 || marker == 0xDA { return nil }
            let length = bigEndian(bytes, offset + 2, count: 2)
            guard length >= 2 else { return nil }
            offset += 2 + length
        }
        return nil
    }

    /// `width` and `height` of the root `<svg>` element in pixels (plain numbers or `px`), else its `viewBox`.
    static func svg(_ data: Data) -> (width: Int, height: Int)? {
        let head = String(decoding: data.prefix(8192), as: UTF8.self)
        guard let start = head.range(of: "<svg"), let end = head[start.upperBound...].firstIndex(of: ">") else { return nil }
        var attributes: [String: String] = [:]
        for match in head[start.upperBound..<end].matches(of: svgAttributeRegex) {
            attributes[match.output.name.lowercased()] = String(match.output.value)
        }
        func pixels(_ value: String?) -> Int? {
            guard var value = value?.trimmingWhitespaces() else { return nil }
            if value.hasSuffix("px") { value.removeLast(2) }
            return Double(value).flatMap { $0.isFinite && $0 > 0 && $0 < 100_000 ? Int($0.rounded()) : nil }
        }
        if let width = pixels(attributes["width"]), let height = pixels(attributes["height"]) { return (width, height) }
        let box = (attributes["viewbox"] ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
        guard box.count == 4, box[2].isFinite, box[3].isFinite, box[2] > 0, box[3] > 0, box[2] < 100_000, box[3] < 100_000 else { return nil }
        return (Int(box[2].rounded()), Int(box[3].rounded()))
    }

    private static func positive(_ width: Int, _ height: Int) -> (width: Int, height: Int)? {
        width > 0 && height > 0 ? (width, height) : nil
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let svgAttributeRegex = /(?<name>[A-Za-z:-]+)\s*=\s*["'](?<value>[^"']*)["']/
