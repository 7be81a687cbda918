/// Runs a Python snippet (for validators the Swift ecosystem lacks, such as JSON Schema).
enum Python {
    static func run(_ script: String, arguments: [String]) throws -> (status: Int32, output: String) {
        try SiteProject.run("/usr/bin/env", ["python3", "-c", script] + arguments)
    }
}
