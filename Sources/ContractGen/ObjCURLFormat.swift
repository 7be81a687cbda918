/// A URL format string below the endpoint (`%@/api/register/%@`) and the names of its arguments.
struct ObjCURLFormat {
    var format: String
    /// The argument names, the endpoint first.
    var arguments: [String]

    /// The route the client requests: `{registrationId}` for a path argument, query names from `?a=%@&b=%@`.
    func route(method: String, source: FactSource) -> RouteFact {
        let substituted = Self.substitute(format, arguments.map { "{\($0)}" })
        let withoutEndpoint = substituted.split(separator: "/", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        let pathAndQuery = withoutEndpoint.split(separator: "?", maxSplits: 1).map(String.init)
        let segments = pathAndQuery[0].split(separator: "/").map(String.init)
        let query = pathAndQuery.count > 1 ? pathAndQuery[1].split(separator: "&").map { String($0.split(separator: "=")[0]) } : []
        let name = (segments.dropFirst().first ?? "root") + "." + method.lowercased()
        return RouteFact(side: .client, name: name, method: method, segments: segments, query: query, body: nil, source: source)
    }

    /// Replaces each `%@` (and `%d`, `%ld`) in order with `<name>` or the given replacement.
    static func substitute(_ format: String, _ values: [String]) -> String {
        var result = ""
        var remaining = values.makeIterator()
        var chars = Array(format)[...]
        while let char = chars.popFirst() {
            guard char == "%", let next = chars.first else { result.append(char); continue }
            if next == "@" || next == "d" { chars.removeFirst() } else if next == "l" { chars.removeFirst(min(2, chars.count)) } else { result.append(char); continue }
            let value = remaining.next() ?? "value"
            result += value.hasPrefix("{") || value.hasPrefix("<") ? value : "<\(value)>"
        }
        return result
    }
}
