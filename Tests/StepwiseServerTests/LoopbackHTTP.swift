import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a server answered.
struct HTTPReply: Sendable {
    var status: Int
    /// Header names lowercased.
    var headers: [String: String]
    var body: String
}

enum LoopbackError: Error, CustomStringConvertible {
    case connect(Int32)
    case timedOut(String)
    case malformed(String)

    var description: String {
        switch self {
        case .connect(let code): "cannot connect: \(String(cString: strerror(code)))"
        case .timedOut(let what): "timed out waiting for \(what)"
        case .malformed(let text): "not an HTTP reply: \(text.prefix(200))"
        }
    }
}

/// A minimal HTTP/1.1 client over a loopback socket: the request target is sent exactly as written
/// (no URL normalization, so `..` reaches the server), and every read has a deadline. Its blocking
/// reads run on a thread of their own, never on the concurrency pool the server needs.
final class LoopbackConnection: @unchecked Sendable {
    private let socket: Int32
    private var received = Data()
    /// Where the next `wait(for:)` starts looking.
    private var consumed = 0

    init(port: Int) throws {
        #if canImport(Glibc)
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { let code = errno; close(socket); throw LoopbackError.connect(code) }
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(socket) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            if count <= 0 { return }
            sent += count
        }
    }

    /// Reads until `text` arrives after what earlier waits consumed (then consumes it), the peer
    /// closes (`text` nil), or `seconds` pass (throws).
    func wait(for text: String?, seconds: Double) async throws {
        try await Self.offPool { [self] in try self.read(until: text, seconds: seconds) }
    }

    /// Everything received so far, as text.
    var text: String { String(decoding: received, as: UTF8.self) }

    private func read(until text: String?, seconds: Double) throws {
        let deadline = Date().addingTimeInterval(seconds)
        let needle = text.map { Data($0.utf8) }
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            if let needle, let found = received.range(of: needle, in: consumed..<received.count) {
                consumed = found.upperBound
                return
            }
            guard Date() < deadline else { throw LoopbackError.timedOut(text.map { "“\($0)”" } ?? "the end of the reply") }
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                if needle == nil { return }
                throw LoopbackError.timedOut("“\(text ?? "")” (the server closed the connection)")
            }
        }
    }

    /// Runs blocking `body` on a new thread.
    private static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}

enum LoopbackHTTP {
    /// `GET target` (sent as written) on a new connection, read to its end.
    static func get(port: Int, _ target: String, seconds: Double = 60) async throws -> HTTPReply {
        let connection = try LoopbackConnection(port: port)
        connection.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        try await connection.wait(for: nil, seconds: seconds)
        return try parse(connection.text)
    }

    static func parse(_ text: String) throws -> HTTPReply {
        guard let end = text.range(of: "\r\n\r\n") else { throw LoopbackError.malformed(text) }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw LoopbackError.malformed(text) }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = String(text[end.upperBound...])
        if headers["transfer-encoding"] == "chunked" { body = dechunk(body) }
        return HTTPReply(status: status, headers: headers, body: body)
    }

    /// The body of a chunked reply (sizes in hex, each line ended by CRLF).
    private static func dechunk(_ text: String) -> String {
        var rest = Substring(text), body = ""
        while let line = rest.range(of: "\r\n"), let size = Int(rest[..<line.lowerBound], radix: 16), size > 0 {
            let start = rest.utf8.index(line.upperBound, offsetBy: 0)
            let end = rest.utf8.index(start, offsetBy: size, limitedBy: rest.utf8.endIndex) ?? rest.utf8.endIndex
            body += String(rest[start..<end])
            rest = rest[end...].dropFirst(2)
        }
        return body
    }
}
