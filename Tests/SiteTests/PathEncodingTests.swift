import Foundation
@testable import Site
import Testing

/// Paths of plain bytes skip Foundation's percent-encoding; every path must be encoded as Foundation
/// encodes it, each printable ASCII character and non-ASCII text included.
@Suite struct PathEncodingTests {
    static let paths = [
        "fr-fr/articles/storage/overview.html", "a_b~c/d.e-f", "", "/", "fr-fr/café.html", "x y/#?%.html", "日本/ページ.html", "e\u{301}.html",
    ] + (0x20..<0x7F).map { "fr-fr/a\(Character(Unicode.Scalar(UInt8($0))))b.html" }

    @Test("the path Foundation encodes", arguments: paths)
    func samePath(_ path: String) {
        #expect(SitePlan.encoded(path) == (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path))
    }
}

/// A page's way back to the site root counts its folders by bytes in ASCII paths: the same count as
/// splitting its characters.
@Suite struct FolderDepthTests {
    static let paths = ["a.html", "fr-fr/a.html", "fr-fr/articles/x/y.html", "/a//b/", "", "/", "//", "a/", "fr-fr/café/é.html", "a/\u{301}b/c.html", "日本/ページ.html"]

    @Test("the folder count a character split gives", arguments: paths)
    func sameDepth(_ path: String) {
        #expect(SitePlan.folderDepth(of: path) == path.split(separator: "/").count - 1)
    }
}
