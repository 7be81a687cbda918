/// Pretty-printed JSON written straight into bytes by the values themselves (`PrettyJSONWritable`):
/// byte for byte what Foundation's `JSONEncoder` writes with `[.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes]` for the same values' `Encodable` conformances — two spaces per level,
/// `" : "` after a key, `",\n"` between entries, an empty container as its brackets around an empty
/// line, keys in the order of their UTF-8 bytes.
///
/// `Encodable` goes through a container object, an existential and a generic lookup for every value,
/// and sorting needs the whole value as a tree before a byte is printed: that was a third of
/// `extract`'s time. Here each type writes its keys in sorted order itself (checked in debug builds),
/// and nothing but the bytes is built.
struct PrettyJSON {
    private(set) var bytes: [UInt8] = []
    private var level: Int
    /// True right after a container opens: its first entry is not preceded by `,`.
    private var atStart = true
    #if DEBUG
        /// The last key written in each open object (nil: none yet), to check that keys are sorted.
        private var lastKeys: [[UInt8]?] = []
    #endif

    /// A writer whose value starts after `level` levels of indentation (an element of an array
    /// written one element at a time).
    init(level: Int = 0, capacity: Int = 0) {
        self.level = level
        bytes.reserveCapacity(capacity)
        writeIndentation()
    }

    /// The JSON of `value`, indented by `level` levels.
    static func bytes(of value: some PrettyJSONWritable, level: Int = 0) -> [UInt8] {
        var json = PrettyJSON(level: level, capacity: 4096)
        value.write(to: &json)
        return json.bytes
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    private mutating func writeIndentation() {
        var count = 2 * level
        while count > 0 {
            bytes.append(contentsOf: Self.spaces.prefix(count))
            count -= Self.spaces.count
        }
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        bytes.append(UInt8(ascii: "\n"))
        level += 1
        atStart = true
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(UInt8(ascii: "\n"))
        level -= 1
        writeIndentation()
        bytes.append(bracket)
        atStart = false
    }

    /// Starts an entry of the open container: a separator after an earlier entry, then indentation.
    private mutating func entry() {
        if !atStart { bytes.append(contentsOf: ",\n".utf8) }
        atStart = false
        writeIndentation()
    }

    // MARK: Containers

    /// An object whose entries `body` writes (with `field` and `fieldIfPresent`), keys in sorted order.
    mutating func object(_ body: (inout PrettyJSON) -> Void) {
        open(UInt8(ascii: "{"))
        #if DEBUG
            lastKeys.append(nil)
        #endif
        body(&self)
        #if DEBUG
            lastKeys.removeLast()
        #endif
        close(UInt8(ascii: "}"))
    }

    /// An array of `elements`, each written by `element`.
    mutating func array<S: Sequence>(_ elements: S, _ element: (inout PrettyJSON, S.Element) -> Void) {
        open(UInt8(ascii: "["))
        for value in elements {
            entry()
            element(&self, value)
        }
        close(UInt8(ascii: "]"))
    }

    /// An object of `dictionary`'s entries, sorted by their keys' UTF-8 bytes (a dictionary's order
    /// is not the writer's to choose).
    mutating func object<Value: PrettyJSONWritable>(_ dictionary: [String: Value]) {
        object { json in
            for (key, value) in dictionary.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                json.key(key)
                value.write(to: &json)
            }
        }
    }

    /// Starts the entry `key` of the open object; its value is written next.
    mutating func key(_ key: String) {
        #if DEBUG
            let keyBytes = Array(key.utf8)
            if let last = lastKeys[lastKeys.count - 1] {
                precondition(last.lexicographicallyPrecedes(keyBytes), "JSON keys out of order: \(key) after \(String(decoding: last, as: UTF8.self))")
            }
            lastKeys[lastKeys.count - 1] = keyBytes
        #endif
        entry()
        string(key)
        bytes.append(contentsOf: " : ".utf8)
    }

    /// The entry `key` of the open object, holding `value` (`null` for nil).
    mutating func field(_ key: String, _ value: some PrettyJSONWritable) {
        self.key(key)
        value.write(to: &self)
    }

    /// The entry `key` holding `value`, or no entry when `value` is nil (`encodeIfPresent`).
    mutating func fieldIfPresent(_ key: String, _ value: (some PrettyJSONWritable)?) {
        if let value { field(key, value) }
    }

    // MARK: Scalars

    mutating func null() {
        bytes.append(contentsOf: "null".utf8)
    }

    mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func integer(_ value: Int) {
        if value >= 0, value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string as Foundation writes it: quotes, backslashes and control characters escaped,
    /// `/` and everything else as is.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { text in
            var copied = 0
            for (offset, byte) in text.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: text[copied..<offset])
                copied = offset + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
                case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
                default:
                    bytes.append(contentsOf: "u00".utf8)
                    bytes.append(Self.hexDigits[Int(byte >> 4)])
                    bytes.append(Self.hexDigits[Int(byte & 0x0F)])
                }
            }
            bytes.append(contentsOf: text[copied...])
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// A value that writes its own JSON, as its `Encodable` conformance encodes it.
protocol PrettyJSONWritable {
    func write(to json: inout PrettyJSON)
}

extension String: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) { json.string(self) }
}

extension Int: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) { json.integer(self) }
}

extension Bool: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) { json.bool(self) }
}

/// nil is `null`, as `encode(_:forKey:)` writes an absent optional.
extension Optional: PrettyJSONWritable where Wrapped: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        if let self { self.write(to: &json) } else { json.null() }
    }
}

extension Array: PrettyJSONWritable where Element: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        // Each element written where it is, not copied out (a copy of a model's part retains each of its own).
        withUnsafeBufferPointer { elements in
            json.array(elements.indices) { json, index in elements[index].write(to: &json) }
        }
    }
}

extension Dictionary: PrettyJSONWritable where Key == String, Value: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) { json.object(self) }
}
