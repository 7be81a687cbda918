import Foundation
#if canImport(Glibc)
import Glibc
#endif
import NotifyUsersClient
import Testing

/// `URLSessionTransport`'s timeout is the one a request waits for: swift-corelibs-foundation ignores a
/// timeout given to `URLRequest(url:timeoutInterval:)` for the session's 60 seconds (the loopback
/// tests' long timeout did not take, and three of them failed after 60 s on a loaded CI machine).
@Suite struct TransportTimeoutTests {
    /// A port on 127.0.0.1 that accepts connections (the kernel's backlog) and never answers.
    private final class SilentPort {
        let descriptor: Int32
        let port: Int

        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            self.descriptor = descriptor
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && listen(descriptor, 8) == 0 && getsockname(descriptor, $0, &length) == 0 }
            }
            guard descriptor >= 0, bound else { throw POSIXError(.EADDRNOTAVAIL) }
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        deinit {
            close(descriptor)
        }
    }

    @Test("a request to a server that never answers fails with a timeout after the transport's timeout, not the session's 60 s")
    func timeoutApplies() async throws {
        let silent = try SilentPort()
        let started = Date()
        let request = HTTPRequestData(method: "GET", url: "http://127.0.0.1:\(silent.port)/", headers: [:], body: nil)
        await #expect(throws: URLError.self) { _ = try await URLSessionTransport(timeout: 1).send(request) }
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 0.9 && waited < 30, "waited \(waited) s")
        withExtendedLifetime(silent) {}
    }
}
