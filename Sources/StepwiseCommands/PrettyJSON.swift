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

    /// Two spaces per level, appended in one go.
    private mutating func writeIndentation() {
        let count = 2 * level
        guard count > 0 else { return }
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
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
        if !atStart {
            bytes.append(UInt8(ascii: ","))
            bytes.append(UInt8(ascii: "\n"))
        }
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
            checkOrder(Array(key.utf8), key)
        #endif
        entry()
        string(key)
        literal(" : ")
    }

    /// Starts the entry of a key written in the code (a field's name, which needs no escape): its
    /// bytes copied as they are.
    mutating func key(_ key: StaticString) {
        key.withUTF8Buffer { name in
            #if DEBUG
                precondition(!name.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }, "JSON key \(key) needs escaping")
                checkOrder(Array(name), "\(key)")
            #endif
            entry()
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: name)
        }
        literal("\" : ")
    }

    #if DEBUG
        /// Checks that the keys of the open object come in the order of their bytes.
        private mutating func checkOrder(_ keyBytes: [UInt8], _ key: String) {
            if let last = lastKeys[lastKeys.count - 1] {
                precondition(last.lexicographicallyPrecedes(keyBytes), "JSON keys out of order: \(key) after \(String(decoding: last, as: UTF8.self))")
            }
            lastKeys[lastKeys.count - 1] = keyBytes
        }
    #endif

    /// Appends text written in the code as it is.
    private mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// The entry `key` of the open object, holding `value` (`null` for nil).
    mutating func field(_ key: StaticString, _ value: some PrettyJSONWritable) {
        self.key(key)
        value.write(to: &self)
    }

    /// The entry `key` holding `value`, or no entry when `value` is nil (`encodeIfPresent`).
    mutating func fieldIfPresent(_ key: StaticString, _ value: (some PrettyJSONWritable)?) {
        if let value { field(key, value) }
    }

    // MARK: Scalars

    mutating func null() {
        literal("null")
    }

    mutating func bool(_ value: Bool) {
        if value { literal("true") } else { literal("false") }
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
        if value.utf8.withContiguousStorageIfAvailable({ escaped($0) }) == nil {
            // A bridged or otherwise non-contiguous string: its UTF-8 copied out first.
            var value = value
            value.withUTF8 { escaped($0) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `text` with the bytes JSON escapes escaped. Runs of bytes needing no escape are found
    /// eight bytes at a time and copied whole.
    private mutating func escaped(_ text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress else { return }
        let count = text.count
        var copied = 0, offset = 0
        while offset < count {
            offset = Self.firstEscaped(base, from: offset, count: count)
            guard offset < count else { break }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base + copied, count: offset - copied))
            let byte = base[offset]
            offset += 1
            copied = offset
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
            default:
                literal("u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(start: base + copied, count: count - copied))
    }

    /// The offset of the first byte at or after `start` that JSON escapes (a control character,
    /// `"` or `\\`), or `count` when there is none. Whole words are tested at once: a word has such
    /// a byte when one of its bytes is below 0x20, or is 0x22 or 0x5C (a zero byte after an XOR).
    @inline(__always)
    static func firstEscaped(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var offset = start
        while offset + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
            let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
            // A byte below 0x20, or a zero byte in either XOR, sets its high bit here (a borrow may also
            // flag a byte after it: the bytes from this word on are then tested one by one).
            let flagged = (((word &- ones &* 0x20) & ~word) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highs
            if flagged != 0 { break }
            offset += 8
        }
        while offset < count {
            let byte = base[offset]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return offset }
            offset += 1
        }
        return count
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
