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
///
/// Public, its generic entry points (`field`, `fieldIfPresent`, `object`, `array`) `@inlinable`: the
/// modules that write models specialize them for each type. An `@inlinable` *package* function is
/// not specialized in another module of the package (Swift 6.3.1 serializes no body for it without
/// library evolution), and each field then went through generic metadata lookups (5 % of `extract`).
public struct PrettyJSON: ~Copyable {
    /// The bytes written, in memory the writer owns: a byte is stored without the checks an array's
    /// append makes (is its buffer shared, is it large enough) on every one of a corpus's billion.
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int
    @usableFromInline var level: Int
    /// True right after a container opens: its first entry is not preceded by `,`.
    @usableFromInline var atStart = true
    #if DEBUG
        /// The last key written in each open object (nil: none yet), to check that keys are sorted.
        @usableFromInline var lastKeys: [[UInt8]?] = []
    #endif
    /// With pieces (`init(pieces:)`): the text written so far, in pieces, before what `base` holds.
    /// An array written on all cores becomes pieces of its own, each made once from its writer's
    /// memory, rather than bytes copied into this writer's and then copied again into the text: a
    /// corpus's report (54 MB of JSON, 80 MB of SARIF) is printed in pieces, never held whole twice.
    @usableFromInline var pieces: [String]?

    /// A writer whose value starts after `level` levels of indentation (an element of an array
    /// written one element at a time).
    public init(level: Int = 0, capacity: Int = 4096) {
        self.level = level
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
        writeIndentation()
    }

    /// A writer whose text is kept in pieces (see `pieces`, `takePieces()`).
    package init(pieces: Void, capacity: Int = 4096) {
        self.init(capacity: capacity)
        self.pieces = []
    }

    deinit {
        base.deallocate()
    }

    /// The text written, in the pieces kept (see `init(pieces:)`) then what the writer holds; the
    /// writer is left empty. Joined, they are `string` of a writer that kept no pieces.
    package mutating func takePieces() -> [String] {
        cut()
        defer { pieces = [] }
        return pieces ?? []
    }

    /// What the writer holds made a piece of its own (with pieces), the writer emptied.
    @usableFromInline mutating func cut() {
        guard pieces != nil, count > 0 else { return }
        let text = string
        pieces?.append(text)
        count = 0
    }

    /// The bytes written.
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes written, as a string (copied once, from the writer's memory).
    @usableFromInline package var string: String {
        String(unsafeUninitializedCapacity: count) { room in
            _ = room.initialize(fromContentsOf: UnsafeBufferPointer(start: base, count: count))
            return count
        }
    }

    /// Ends the text with a line feed (after the value, as a file or a report ends).
    package mutating func newline() {
        append(UInt8(ascii: "\n"))
    }

    /// The JSON of `value`, indented by `level` levels.
    @inlinable public static func bytes(of value: some PrettyJSONWritable, level: Int = 0) -> [UInt8] {
        var json = PrettyJSON(level: level)
        value.write(to: &json)
        return json.bytes
    }

    // MARK: Storage

    /// Room for `extra` more bytes.
    @inlinable @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    @usableFromInline @inline(never)
    mutating func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    @inlinable @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Two spaces per level, written in one go.
    private mutating func writeIndentation() {
        let spaces = 2 * level
        guard spaces > 0 else { return }
        reserve(spaces)
        (base + count).update(repeating: UInt8(ascii: " "), count: spaces)
        count += spaces
    }

    @usableFromInline mutating func open(_ bracket: UInt8) {
        append(bracket)
        append(UInt8(ascii: "\n"))
        level += 1
        atStart = true
    }

    @usableFromInline mutating func close(_ bracket: UInt8) {
        append(UInt8(ascii: "\n"))
        level -= 1
        writeIndentation()
        append(bracket)
        atStart = false
    }

    /// Starts an entry of the open container: a separator after an earlier entry, then indentation.
    @usableFromInline mutating func entry() {
        if !atStart {
            append(UInt8(ascii: ","))
            append(UInt8(ascii: "\n"))
        }
        atStart = false
        writeIndentation()
    }

    // MARK: Containers

    /// An object whose entries `body` writes (with `field` and `fieldIfPresent`), keys in sorted order.
    @inlinable public mutating func object(_ body: (inout PrettyJSON) -> Void) {
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
    @inlinable public mutating func array<S: Sequence>(_ elements: S, _ element: (inout PrettyJSON, S.Element) -> Void) {
        open(UInt8(ascii: "["))
        for value in elements {
            entry()
            element(&self, value)
        }
        close(UInt8(ascii: "]"))
    }

    /// An object of `dictionary`'s entries, sorted by their keys' UTF-8 bytes (a dictionary's order
    /// is not the writer's to choose).
    @inlinable public mutating func object<Value: PrettyJSONWritable>(_ dictionary: [String: Value]) {
        object { json in
            for (key, value) in dictionary.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                json.key(key)
                value.write(to: &json)
            }
        }
    }

    /// Starts the entry `key` of the open object; its value is written next.
    public mutating func key(_ key: String) {
        #if DEBUG
            checkOrder(Array(key.utf8), key)
        #endif
        entry()
        string(key)
        literal(" : ")
    }

    /// Starts the entry of a key written in the code (a field's name, which needs no escape): its
    /// bytes copied as they are.
    public mutating func key(_ key: StaticString) {
        key.withUTF8Buffer { name in
            #if DEBUG
                precondition(!name.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }, "JSON key \(key) needs escaping")
                checkOrder(Array(name), "\(key)")
            #endif
            // `,` and a line feed, the indentation, `"name" : `: room made once and the bytes stored
            // one by one (a key is a few bytes; a corpus's JSON has millions of them).
            let spaces = 2 * level
            reserve(2 + spaces + 1 + name.count + 4)
            var at = base + count
            if !atStart {
                at[0] = UInt8(ascii: ",")
                at[1] = UInt8(ascii: "\n")
                at += 2
            }
            atStart = false
            for offset in 0..<spaces { at[offset] = UInt8(ascii: " ") }
            at += spaces
            at[0] = UInt8(ascii: "\"")
            at += 1
            for offset in 0..<name.count { at[offset] = name[offset] }
            at += name.count
            at[0] = UInt8(ascii: "\"")
            at[1] = UInt8(ascii: " ")
            at[2] = UInt8(ascii: ":")
            at[3] = UInt8(ascii: " ")
            count = at + 4 - base
            assert(count <= capacity, "a key written past the room made for it")
        }
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
        text.withUTF8Buffer { append($0) }
    }

    /// The entry `key` of the open object, holding `value` (`null` for nil).
    @inlinable public mutating func field(_ key: StaticString, _ value: some PrettyJSONWritable) {
        self.key(key)
        value.write(to: &self)
    }

    /// The entry `key` holding `elements`, byte for byte as `field(key, elements)` writes it, the
    /// elements written on all cores (see `array(concurrently:_:)`).
    @inlinable public mutating func field<Element: PrettyJSONWritable & Sendable>(_ key: StaticString, concurrently elements: [Element]) {
        self.key(key)
        array(concurrently: elements) { json, element in element.write(to: &json) }
    }

    /// An array of `elements`, each written by `element`, byte for byte as `array(_:_:)` writes it,
    /// the elements written on all cores: in consecutive runs (`concurrentRuns`), each run by a writer
    /// of its own, made a string once, then taken in order: a piece of its own for a writer that keeps
    /// pieces (see `pieces`), else appended. For arrays of tens of thousands of values: a corpus's
    /// findings (54 MB of JSON) took one core a quarter of a second.
    @inlinable public mutating func array<Element: Sendable>(concurrently elements: [Element], _ element: @Sendable (inout PrettyJSON, Element) -> Void) {
        guard elements.count > 1 else { return array(elements, element) }
        let level = self.level + 1
        appendArray(ofRuns: elements.concurrentRuns(minimumRun: 256) { run in [Self.text(ofRun: run, level: level, element)] })
    }

    /// The elements of `run` as entries of an array at `level` (their separators and indentation
    /// included, the first one's separator left out), copied once from the run's writer.
    @inlinable static func text<Element>(ofRun run: ArraySlice<Element>, level: Int, _ element: (inout PrettyJSON, Element) -> Void) -> String {
        // The writer starts with the first entry's indentation: that entry is started by hand.
        var json = PrettyJSON(level: level, capacity: 4_096 + run.count * 512)
        json.atStart = false
        var first = true
        for value in run {
            if first { first = false } else { json.entry() }
            element(&json, value)
        }
        return json.string
    }

    /// An array whose entries are `runs` (see `text(ofRun:level:_:)`), in order.
    @usableFromInline mutating func appendArray(ofRuns runs: [String]) {
        open(UInt8(ascii: "["))
        for (index, run) in runs.enumerated() {
            if index > 0 { literal(",\n") }
            if pieces != nil {
                // What precedes the run a piece, the run another.
                cut()
                pieces?.append(run)
            } else {
                var run = run
                run.withUTF8 { append($0) }
            }
        }
        atStart = false
        close(UInt8(ascii: "]"))
    }

    /// The entry `key` holding `value`, or no entry when `value` is nil (`encodeIfPresent`).
    @inlinable public mutating func fieldIfPresent(_ key: StaticString, _ value: (some PrettyJSONWritable)?) {
        if let value { field(key, value) }
    }

    // MARK: Scalars

    public mutating func null() {
        literal("null")
    }

    public mutating func bool(_ value: Bool) {
        if value { literal("true") } else { literal("false") }
    }

    public mutating func integer(_ value: Int) {
        if value >= 0, value < 10 {
            append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        // Digits written from the last, into room for the longest (`Int.min`: a sign and 19 digits),
        // then copied: `description` makes a string through the generic `BinaryInteger` path.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { room in
            var magnitude = value.magnitude
            var start = room.count
            repeat {
                start -= 1
                room[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                room[start] = UInt8(ascii: "-")
            }
            append(UnsafeBufferPointer(rebasing: room[start...]))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string as Foundation writes it: quotes, backslashes and control characters escaped,
    /// `/` and everything else as is.
    public mutating func string(_ value: String) {
        append(UInt8(ascii: "\""))
        if value.utf8.withContiguousStorageIfAvailable({ escaped($0) }) == nil {
            // A bridged or otherwise non-contiguous string: its UTF-8 copied out first.
            var value = value
            value.withUTF8 { escaped($0) }
        }
        append(UInt8(ascii: "\""))
    }

    /// Appends `text` with the bytes JSON escapes escaped. Runs of bytes needing no escape are found
    /// eight bytes at a time and copied whole.
    private mutating func escaped(_ text: UnsafeBufferPointer<UInt8>) {
        guard let source = text.baseAddress else { return }
        let length = text.count
        var copied = 0, offset = 0
        while offset < length {
            offset = Self.firstEscaped(source, from: offset, count: length)
            guard offset < length else { break }
            append(UnsafeBufferPointer(start: source + copied, count: offset - copied))
            let byte = source[offset]
            offset += 1
            copied = offset
            append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): append(byte)
            case 0x08: append(UInt8(ascii: "b"))
            case 0x0C: append(UInt8(ascii: "f"))
            case UInt8(ascii: "\n"): append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): append(UInt8(ascii: "t"))
            default:
                literal("u00")
                append(Self.hexDigits[Int(byte >> 4)])
                append(Self.hexDigits[Int(byte & 0x0F)])
            }
        }
        append(UnsafeBufferPointer(start: source + copied, count: length - copied))
    }

    /// The offset of the first byte at or after `start` that JSON escapes (a control character,
    /// `"` or `\\`), or `count` when there is none. Whole words are tested at once: a word has such
    /// a byte when one of its bytes is below 0x20, or is 0x22 or 0x5C (`UInt64.holdsByte`).
    @inline(__always)
    package static func firstEscaped(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var offset = start
        while offset + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
            // A byte below 0x20 sets its high bit here (a borrow may also flag a byte after it: the bytes
            // from this word on are then tested one by one), as `holdsByte` tells a quote or backslash.
            let control = (word &- ones &* 0x20) & ~word & highs
            if control != 0 || word.holdsByte(UInt8(ascii: "\"")) || word.holdsByte(UInt8(ascii: "\\")) { break }
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
public protocol PrettyJSONWritable {
    func write(to json: inout PrettyJSON)
}

extension String: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) { json.string(self) }
}

extension Int: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) { json.integer(self) }
}

extension Bool: PrettyJSONWritable {
    public func write(to json: inout PrettyJSON) { json.bool(self) }
}

/// nil is `null`, as `encode(_:forKey:)` writes an absent optional.
extension Optional: PrettyJSONWritable where Wrapped: PrettyJSONWritable {
    @inlinable public func write(to json: inout PrettyJSON) {
        if let self { self.write(to: &json) } else { json.null() }
    }
}

extension Array: PrettyJSONWritable where Element: PrettyJSONWritable {
    @inlinable public func write(to json: inout PrettyJSON) {
        // Each element written where it is, not copied out (a copy of a model's part retains each of its own).
        withUnsafeBufferPointer { elements in
            json.array(elements.indices) { json, index in elements[index].write(to: &json) }
        }
    }
}

extension Dictionary: PrettyJSONWritable where Key == String, Value: PrettyJSONWritable {
    @inlinable public func write(to json: inout PrettyJSON) { json.object(self) }
}
