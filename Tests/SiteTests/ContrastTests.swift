import Foundation
import StepwiseTestSupport
import Testing

/// Checks the stylesheet's colour pairs against WCAG AA (4.5:1 for text), in light and dark mode.
@Suite struct ContrastTests {
    static let pairs: [(text: String, background: String)] = [
        ("fg", "bg"), ("muted", "bg"), ("muted", "surface"), ("accent", "bg"), ("accent", "surface"),
        ("fg", "code-bg"), ("t-keyword", "code-bg"), ("t-type", "code-bg"), ("t-string", "code-bg"),
        ("t-comment", "code-bg"), ("t-number", "code-bg"), ("t-pre", "code-bg"), ("t-property", "code-bg"),
        ("t-tag", "code-bg"), ("t-attr", "code-bg"), ("ok", "ok-bg"), ("fix", "fix-bg"), ("bad", "bad-bg"),
        ("info", "info-bg"), ("note", "note-bg"), ("tip", "tip-bg"), ("important", "important-bg"),
        ("warning", "warning-bg"), ("caution", "caution-bg"), ("header-fg", "header"), ("bg", "accent"),
        ("fg", "warning-bg"), ("fg", "info-bg"), ("muted", "code-bg"),
    ]

    /// The custom properties of the first block matching `selector` in the stylesheet.
    static func variables(after marker: String) throws -> [String: String] {
        let css = try String(contentsOf: RepositoryFiles.root.appendingPathComponent("templates/assets/site.css"), encoding: .utf8)
        let start = try #require(css.range(of: marker)).upperBound
        let block = css[start...].prefix { $0 != "}" }
        var result: [String: String] = [:]
        for match in block.matches(of: /--([a-z-]+):\s*(#[0-9a-fA-F]{6})/) { result[String(match.output.1)] = String(match.output.2) }
        return result
    }

    static func luminance(_ hex: String) -> Double {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { Double($0) / 255 }
        let linear = channels.map { $0 <= 0.03928 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    static func ratio(_ a: String, _ b: String) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test("text colours reach 4.5:1 on their backgrounds", arguments: [":root {", "@media (prefers-color-scheme: dark) {\n  :root {"])
    func contrast(block: String) throws {
        let light = try Self.variables(after: ":root {")
        let colours = light.merging(try Self.variables(after: block)) { _, mode in mode }
        for (text, background) in Self.pairs {
            let (foreground, back) = (try #require(colours[text], "--\(text)"), try #require(colours[background], "--\(background)"))
            #expect(Self.ratio(foreground, back) >= 4.5, "--\(text) on --\(background): \(Self.ratio(foreground, back))")
        }
    }
}
