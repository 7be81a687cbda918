import Foundation
#if canImport(Glibc)
import Glibc
#endif
import NotifyUsersClient
import StepwiseTestSupport
import Synchronization
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
    func timeoutApplies() throws {
        let silent = try SilentPort()
        let request = HTTPRequestData(method: "GET", url: "http://127.0.0.1:\(silent.port)/", headers: [:], body: nil)
        let outcome = Mutex<(error: (any Error)?, waited: TimeInterval)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let started = Date()
        // Off the shared pool, which the suite's synchronous tests hold for minutes at a time on a 2-core
        // machine (the time measured here would count their wait: a first version measured 128 s).
        Task(executorPreference: OffPoolExecutor.shared) {
            var failure: (any Error)?
            do { _ = try await URLSessionTransport(timeout: 1).send(request) } catch { failure = error }
            outcome.withLock { $0 = (failure, Date().timeIntervalSince(started)) }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 30) == .success, "no outcome within 30 s: the 1 s timeout did not apply")
        let result = try #require(outcome.withLock { $0 })
        #expect((result.error as? URLError)?.code == .timedOut, "\(String(describing: result.error))")
        #expect(result.waited >= 0.9 && result.waited < 30, "waited \(result.waited) s")
        withExtendedLifetime(silent) {}
    }
}
