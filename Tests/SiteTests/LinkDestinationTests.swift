import Foundation
@testable import Site
import Testing

/// The parts of a link destination the site reads — its path, fragment and scheme, whether it names
/// a document — are read by bytes; they must say what the readings by characters they replaced say.
@Suite struct LinkDestinationTests {
    static let destinations = [
        "", "#", "#Create_App", "#caf%C3%A9", "#%ZZ", "page.md", "page.md#Étape-2", "page.MD?view=azure#x", "?query", "../other/page.md",
        "~/articles/a/b.md", "folder/", "folder\\page.md", "folder\\", "a/b/..", "a/.", ".", "..", "/azure/page", "//cdn.example.org/x.js",
        "https://example.org/a#b", "HTTPS://example.org", "mailto:someone@example.org", "ms-settings:privacy", "c++:x", "1abc:x",
        ":nothing", "a/b:c", "x.y-z+w:rest", "é:x", "page.mdx", "page.m", "archive.zip", "image.PNG", "no-extension", "page.md/",
        "naïve/café.md", "日本語/ページ.md#節", "page.Md", "a//b.md", "b.md.txt", "folder/.md", "\\\\server\\share.md", "readmd", "tools/cmd", "x.amd",
    ]

    @Test("path, fragment, scheme and document-ness read by bytes say what the character readings say", arguments: destinations)
    func sameAsCharacters(destination: String) {
        #expect(LinkResolver.path(of: destination) == Reference.path(of: destination))
        #expect(LinkResolver.fragment(of: destination) == Reference.fragment(of: destination))
        #expect(LinkResolver.isExternal(destination) == Reference.isExternal(destination))
        let path = LinkResolver.path(of: destination)
        #expect(LinkResolver.isDocumentPath(path) == Reference.isDocumentPath(path))
        #expect(LinkResolver.hasMarkdownExtension(path) == path.lowercased().hasSuffix(".md"))
    }

    @Test("the readings tell the kinds apart")
    func kinds() {
        #expect(LinkResolver.isExternal("https://example.org") && LinkResolver.isExternal("//cdn.example.org") && LinkResolver.isExternal("ms-settings:privacy"))
        #expect(!LinkResolver.isExternal("a/b:c") && !LinkResolver.isExternal("1abc:x") && !LinkResolver.isExternal("é:x") && !LinkResolver.isExternal(":x"))
        #expect(LinkResolver.isDocumentPath("page.MD") && LinkResolver.isDocumentPath("folder/") && LinkResolver.isDocumentPath("a/b/..") && LinkResolver.isDocumentPath("no-extension"))
        #expect(!LinkResolver.isDocumentPath("archive.zip") && !LinkResolver.isDocumentPath("page.mdx") && !LinkResolver.isDocumentPath("folder\\image.PNG"))
        #expect(LinkResolver.fragment(of: "page.md#caf%C3%A9") == "café" && LinkResolver.fragment(of: "page.md#") == nil)
        #expect(LinkResolver.path(of: "page.md?view=x#y") == "page.md")
    }

    /// The readings by characters the byte readings replaced.
    enum Reference {
        static func isExternal(_ destination: String) -> Bool {
            if destination.hasPrefix("//") { return true }
            guard let colon = destination.firstIndex(of: ":"), colon != destination.startIndex else { return false }
            let scheme = destination[..<colon]
            return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) } && scheme.first?.isLetter == true
                && !destination[..<colon].contains("/")
        }

        static func isDocumentPath(_ path: String) -> Bool {
            let name = path.replacingOccurrences(of: "\\", with: "/").split(separator: "/").last ?? ""
            guard let dot = name.lastIndex(of: "."), name != "..", name != "." else { return true }
            return name[name.index(after: dot)...].lowercased() == "md"
        }

        static func fragment(of destination: String) -> String? {
            guard let hash = destination.firstIndex(of: "#") else { return nil }
            let raw = String(destination[destination.index(after: hash)...])
            guard !raw.isEmpty else { return nil }
            return raw.removingPercentEncoding ?? raw
        }

        static func path(of destination: String) -> String {
            let end = destination.firstIndex { $0 == "#" || $0 == "?" } ?? destination.endIndex
            return String(destination[..<end])
        }
    }
}
