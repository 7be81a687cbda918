import Foundation
import Synchronization

/// Where commands write: standard output and standard error, replaceable in tests.
public struct Console: Sendable {
    public var output: @Sendable (String) -> Void
    public var error: @Sendable (String) -> Void
    /// Standard output given as UTF-8 bytes: what a command writes by the hundred megabytes (the
    /// models' JSON) goes out as it was made, not made a string first. By default, `output` of
    /// the bytes as a string.
    public var outputBytes: @Sendable ([UInt8]) -> Void

    public init(output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        self.output = output
        self.error = error
        outputBytes = { output(String(decoding: $0, as: UTF8.self)) }
    }

    /// The process's standard output and standard error. A failed write (a full disk, a closed
    /// pipe) is remembered, never a crash: the command then ends with status 1.
    public static let standard: Console = {
        var console = Console(output: { write($0, to: .standardOutput) }, error: { write($0, to: .standardError) })
        console.outputBytes = { bytes in bytes.withUnsafeBytes { write($0, to: .standardOutput) } }
        return console
    }()

    /// The console commands write to.
    @TaskLocal public static var current = Console.standard

    /// The first write that failed, if any.
    static let failure = Mutex<String?>(nil)

    private static func write(_ text: String, to handle: FileHandle) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0), to: handle) }
    }

    private static func write(_ bytes: UnsafeRawBufferPointer, to handle: FileHandle) {
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            failure.withLock { $0 = $0 ?? (error as NSError).localizedDescription }
        }
    }
}
