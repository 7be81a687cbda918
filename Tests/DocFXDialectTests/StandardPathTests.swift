@testable import DocFXDialect
import Foundation
import StepwiseDiagnostics
import Testing

/// `StandardPath` reads standard paths as text: it must answer what the URL route answers.
@Suite struct StandardPathTests {
    static let paths = [
        "/", "/work", "/work/content", "/work/content/fr-fr/articles/a.md", "/work/content/fr-fr/articles/../includes/b.md",
        "/work/content/./fr-fr/a.md", "/work//content/fr-fr/a.md", "/work/content/fr-fr/", "/work/content/fr-fr/.", "/work/content/..",
        "/work/content/fr-fr/.hidden/a.md", "/work/content/fr-fr/..a/b.md", "/work/content/fr-fr/a..md", "/work/content/fr-fr/.../x.md",
        "/work/content/fr-fr/café/é.md", "/work/content/fr-fr/cafe\u{301}/x.md", "/work/content/fr-fr/\u{301}b.md", "/work/content\u{301}/a.md", "/work/\u{301}content/a.md", "/work/content/fr fr/a b.md", "/work/content/fr-fr/100%/a.md",
        "/work/contents/fr-fr/a.md", "/work/content-fr/a.md", "/elsewhere/a.md", "/work/\u{212A}/a.md", "/work/K/a.md",
    ]
    static let bases = ["/", "/work", "/work/content", "/work/content/", "/work/./content", "/work/content/fr-fr", "/work/content/café", "/work/content/cafe\u{301}", "/work/K", "/work/\u{212A}"]

    @Test("components below a base are those of the standardized URLs", arguments: bases)
    func components(base: String) {
        let baseURL = URL(fileURLWithPath: base, isDirectory: true)
        for path in Self.paths {
            let url = URL(fileURLWithPath: path)
            let baseComponents = baseURL.pathComponents
            let components = url.standardizedFileURL.pathComponents
            let expected = components.count > baseComponents.count && Array(components[..<baseComponents.count]) == baseComponents
                ? Array(components[baseComponents.count...]) : nil
            #expect(StandardPath.components(of: url, below: baseURL) == expected, "\(path) below \(base)")
            #expect(StandardPath.components(of: url, below: baseURL, basePath: baseURL.path) == expected, "\(path) below \(base)")
            if StandardPath.isStandard(url.path), StandardPath.isStandard(baseURL.path) {
                #expect(StandardPath.components(ofStandard: url.path, below: baseURL.path) == expected, "\(path) below \(base)")
                #expect(StandardPath.isInside(standard: url.path, below: baseURL.path) == (expected != nil), "\(path) below \(base)")
                // Read from the text when the base's bytes begin the path: the URL route's answer, or nothing (the caller takes that route).
                if let fast = StandardPath.relativePath(ofStandard: url.path, belowStandard: baseURL.path) {
                    #expect(Array(fast.utf8) == expected.map { Array($0.joined(separator: "/").utf8) }, "\(path) below \(base)")
                }
            }
            let relative = StandardPath.relativePath(of: url, below: baseURL, basePath: baseURL.path)
            #expect(relative.map { Array($0.utf8) } == expected.map { Array($0.joined(separator: "/").utf8) }, "\(path) below \(base)")
            let first = StandardPath.firstComponent(of: url, below: baseURL, basePath: baseURL.path)
            #expect(first.map { Array($0.utf8) } == expected?.first.map { Array($0.utf8) }, "first component of \(path) below \(base)")
        }
    }

    @Test("a loader shows a path from its text as it shows it through its URL, inside the working directory or not", arguments: bases)
    func displayPath(workingDirectory: String) {
        let loader = DocumentLoader(workingDirectory: URL(fileURLWithPath: workingDirectory, isDirectory: true), defaultLocale: "fr-fr")
        for path in Self.paths {
            let url = URL(fileURLWithPath: path)
            let byURL = loader.displayPathByURL(url)
            #expect(Array(loader.displayPath(of: url).utf8) == Array(byURL.utf8), "\(path) from \(workingDirectory)")
            if StandardPath.isStandard(path) {
                #expect(Array(loader.displayPath(ofStandard: path, url: url).utf8) == Array(byURL.utf8), "\(path) from \(workingDirectory)")
            }
        }
    }

    @Test("a standardized path is the standardized URL's path")
    func standardized() {
        for path in Self.paths {
            let url = URL(fileURLWithPath: path)
            #expect(StandardPath.standardized(url) == url.standardizedFileURL.path, "\(path)")
        }
    }

    @Test("a file URL standardized only when it needs it is the standardized URL")
    func standardFileURL() {
        let bases = [nil] + Self.bases.map { URL(fileURLWithPath: $0, isDirectory: true) }
        for path in Self.paths {
            for isDirectory in [false, true] {
                let url = URL(fileURLWithPath: path, isDirectory: isDirectory)
                #expect(StandardFileURL.of(url) == url.standardizedFileURL, "\(path)")
                #expect(StandardFileURL.of(url).absoluteString == url.standardizedFileURL.absoluteString, "\(path)")
                #expect(StandardFileURL.of(url).hasDirectoryPath == url.standardizedFileURL.hasDirectoryPath, "\(path)")
            }
            // Relative paths and URLs with a base are made absolute and standard, as `standardizedFileURL` makes them.
            for base in bases {
                let relative = URL(fileURLWithPath: String(path.dropFirst()), relativeTo: base)
                #expect(StandardFileURL.of(relative) == relative.standardizedFileURL, "\(path) relative to \(base?.path ?? "nothing")")
            }
        }
        // Not a file URL: standardized as before.
        let web = URL(string: "https://example.org/a/../b")!
        #expect(StandardFileURL.of(web) == web.standardizedFileURL)
    }

    @Test("a file's folder is read from its standard path as Foundation takes off its last component")
    func folderOfStandardPath() {
        let paths = ["/a.md", "/w/a.md", "/w/content/fr-fr/articles/a.md", "/w/content/fr-fr/café/é.md", "/w/x/.hidden", "/w/a..b/c", "/w/..."]
        for path in paths {
            #expect(StandardPath.isStandard(path), "\(path)")
            let foundation = StandardPath.standardized(URL(fileURLWithPath: path).deletingLastPathComponent())
            #expect(StandardPath.folder(ofStandard: path) == foundation, "\(path)")
        }
    }

    @Test("a path is standard exactly when standardizing leaves it as it is")
    func standardIsUnchanged() {
        let paths = [
            "/a/b", "/a/b.md", "/a/.b", "/a/..b", "/a/b.", "/a/b..", "/.../c", "/a/.../c", "/a",
            "/a//b", "/a/./b", "/a/../b", "/a/b/", "/a/.", "/a/..", "/./a", "/../a", "//a", "/",
        ]
        for path in paths {
            let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
            #expect(StandardPath.isStandard(path) == (standardized == path), "\(path) → \(standardized)")
            #expect(StandardPath.standardized(path: path) == standardized, "\(path)")
        }
    }

    @Test("a standard path is absolute with no empty, . or .. segment")
    func standardText() {
        #expect(StandardPath.isStandard("/"))
        #expect(StandardPath.isStandard("/a/.b/..c/d..e/..."))
        for path in ["", "a/b", "/a/", "/a//b", "/a/./b", "/a/../b", "/a/.", "/a/..", "/.", "//"] {
            #expect(!StandardPath.isStandard(path), "\(path)")
        }
    }
}
