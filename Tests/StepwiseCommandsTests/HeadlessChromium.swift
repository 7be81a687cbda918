import Foundation

/// Headless Chromium as a reader's browser, with what the page said to its console: every
/// `console.*` message and every uncaught exception or unhandled promise rejection
/// (Chromium logs them as `"Uncaught …"` console messages).
struct HeadlessChromium {
    static let path = "/usr/bin/chromium"
    static var available: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// What one visit saw.
    struct Visit {
        /// The DOM after the page (and `budget` of virtual time: timers, promises) has run.
        var dom: String
        /// Console messages in order, without Chromium's log prefix and source suffix.
        var console: [String]
        /// The uncaught exceptions and unhandled rejections among them.
        var uncaught: [String] { console.filter { $0.hasPrefix("Uncaught") } }
    }

    /// Loads `page` (in a window `width` pixels wide when given: headless windows are at least 500),
    /// lets it run for `budget` milliseconds of virtual time, and returns its DOM and console.
    static func visit(_ page: URL, budget: Int = 2_000, width: Int? = nil) throws -> Visit {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0",
            "--virtual-time-budget=\(budget)", "--dump-dom", page.absoluteString,
        ] + (width.map { ["--window-size=\($0),900"] } ?? [])
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes while the browser runs, so neither fills up and blocks it.
        let group = DispatchGroup()
        nonisolated(unsafe) var log = Data()
        DispatchQueue.global().async(group: group) { log = errors.fileHandleForReading.readDataToEndOfFile() }
        let dom = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Visit(dom: String(decoding: dom, as: UTF8.self), console: messages(in: String(decoding: log, as: UTF8.self)))
    }

    /// Console messages from Chromium's log: `[…:INFO:CONSOLE:12] "text", source: file:///… (12)`.
    static func messages(in log: String) -> [String] {
        log.split(separator: "\n").compactMap { line in
            guard let match = line.firstMatch(of: #/:CONSOLE[:(]\d+\)?\] "(.*)", source:\s/#) else { return nil }
            return String(match.output.1)
        }
    }

    /// A copy of `page` in the same folder (so its relative links and assets still resolve) with
    /// `head` inserted first in `<head>` and `tail` last in `<body>`: a test's hooks around the page.
    static func harness(for page: URL, name: String, head: String = "", tail: String = "") throws -> URL {
        var html = try String(contentsOf: page, encoding: .utf8)
        if let start = html.range(of: "<head>") { html.insert(contentsOf: head, at: start.upperBound) }
        if let end = html.range(of: "</body>", options: .backwards) { html.insert(contentsOf: tail, at: end.lowerBound) }
        let copy = page.deletingLastPathComponent().appendingPathComponent(name)
        try html.write(to: copy, atomically: true, encoding: .utf8)
        return copy
    }
}
