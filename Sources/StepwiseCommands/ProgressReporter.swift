import Site

/// Shows build progress: a bar with counts on a terminal, plain lines otherwise.
struct ProgressReporter: Sendable {
    var console: Console
    var interactive: Bool
    var width = 24

    func report(_ progress: SiteProgress) {
        if interactive {
            let filled = progress.total == 0 ? width : width * progress.done / progress.total
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            console.output("\r\u{1B}[2K  \(bar) \(progress.done)/\(progress.total) \(progress.page)")
        } else {
            console.output("  \(progress.done)/\(progress.total) \(progress.page)\n")
        }
    }

    /// Ends the progress bar's line.
    func finish() {
        if interactive { console.output("\n") }
    }
}
