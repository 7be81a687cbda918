import Foundation

/// Writes text to standard output or standard error.
struct FileHandleOutput: Sendable {
    let handle: FileHandle

    static let standardOutput = FileHandleOutput(handle: .standardOutput)
    static let standardError = FileHandleOutput(handle: .standardError)

    func write(_ text: String) {
        handle.write(Data(text.utf8))
    }
}
