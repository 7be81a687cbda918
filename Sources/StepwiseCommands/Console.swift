import Foundation
import Synchronization

/// Where commands write: standard output and standard error, replaceable in tests.
public struct Console: Sendable {
    public var output: @Sendable (String) -> Void
    public var error: @Sendable (String) -> Void

    public init(output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        self.output = output
        self.error = error
    }

    /// The process's standard output and standard error. A failed write (a full disk, a closed
    /// pipe) is remembered, never a crash: the command then ends with status 1.
    public static let standard = Console(
        output: { write($0, to: .standardOutput) },
        error: { write($0, to: .standardError) })

    /// The console commands write to.
    @TaskLocal public static var current = Console.standard

    /// The first write that failed, if any.
    static let failure = Mutex<String?>(nil)

    private static func write(_ text: String, to handle: FileHandle) {
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            failure.withLock { $0 = $0 ?? (error as NSError).localizedDescription }
        }
    }
}
