public import Foundation
import Synchronization

/// Local key-value storage standing in for `NSUserDefaults`.
public protocol KeyValueStore: Sendable {
    func string(forKey key: String) -> String?
    func set(_ value: String?, forKey key: String)
}

/// A store in memory.
public final class InMemoryKeyValueStore: KeyValueStore {
    private let values = Mutex<[String: String]>([:])

    public init(_ initial: [String: String] = [:]) {
        values.withLock { $0 = initial }
    }

    public func string(forKey key: String) -> String? { values.withLock { $0[key] } }

    public func set(_ value: String?, forKey key: String) { values.withLock { $0[key] = value } }
}

/// A store in a JSON file, so the command-line client remembers its registration id between runs.
public final class FileKeyValueStore: KeyValueStore {
    private let url: URL
    private let lock = Mutex(())

    public init(url: URL) {
        self.url = url
    }

    public func string(forKey key: String) -> String? {
        lock.withLock { _ in read()[key] }
    }

    public func set(_ value: String?, forKey key: String) {
        lock.withLock { _ in
            var values = read()
            values[key] = value
            if let data = try? JSONEncoder().encode(values) { try? data.write(to: url, options: .atomic) }
        }
    }

    private func read() -> [String: String] {
        guard let data = try? Data(contentsOf: url) else { return [:] }
        return (try? JSONDecoder().decode([String: String].self, from: data)) ?? [:]
    }
}
