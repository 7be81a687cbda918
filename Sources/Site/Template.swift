import StepwiseDiagnostics

/// A Mustache template compiled once into nodes, rendered many times into bytes.
///
/// The site renders a page per document from `templates/`: a generic Mustache engine that finds
/// every name by casting `Any` values to its protocols at each lookup spent a quarter of a real
/// repository's build there. This engine reads the typed values of `TemplateValue` instead, and
/// writes UTF-8 bytes into one buffer per page.
///
/// It implements the Mustache specification's core modules (interpolation, sections, inverted
/// sections, comments, partials, set delimiters; the spec's tests run against it), with the
/// output rules of swift-mustache, the engine the templates were written for, wherever those are
/// not the specification's:
/// - a standalone partial's indentation is written before each node of the partial that writes
///   something at the start of a line (so an interpolated value's own lines are not indented);
/// - after a section, whether the next tag may be standalone follows the section's opening tag;
/// - a name can be wrapped in transforms, applied innermost first: `{{^empty(items)}}`.
/// Lambdas, inheritance (`{{<`, `{{$`), dynamic partial names and `{{%` pragmas are not supported:
/// a template using them does not compile.
struct Template: Sendable {
    var nodes: [TemplateNode]

    /// Compiles `text`; a mistake is an error naming its line and column.
    init(_ text: String) throws(TemplateSyntaxError) {
        var parser = TemplateParser(Array(text.utf8))
        nodes = try parser.parseAll()
    }

    /// The names of the partials the template includes, with the line of each (1-based).
    var partialReferences: [(name: String, line: Int)] {
        func collect(_ nodes: [TemplateNode], into found: inout [(name: String, line: Int)]) {
            for node in nodes {
                switch node {
                case .partial(let name, _, let line): found.append((name, line))
                case .section(_, let body, _): collect(body, into: &found)
                case .text, .variable: break
                }
            }
        }
        var found: [(name: String, line: Int)] = []
        collect(nodes, into: &found)
        return found
    }
}

/// One compiled piece of a template.
enum TemplateNode: Sendable {
    /// Literal bytes (one line at most: the indentation of a partial is applied per node).
    case text([UInt8])
    /// `{{name}}` (HTML-escaped) or `{{{name}}}` / `{{&name}}` (as is).
    case variable(TemplateName, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    case section(TemplateName, body: [TemplateNode], inverted: Bool)
    /// `{{>name}}`; a standalone partial carries the indentation it stands at.
    case partial(String, indentation: [UInt8]?, line: Int)
}

/// A name as a tag writes it: `.`, `a`, `a.b.c`, `.a` (the current value's field only), each
/// possibly wrapped in transforms: `empty(items)`.
struct TemplateName: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// `.`: the current value.
        case current
        /// `empty()`: the position of the current item of a list (`first`, `last`, `index`, `even`, `odd`).
        case position
        /// A name looked up through the whole context stack, then down its fields.
        case stack([String])
        /// `.a.b`: looked up in the current value only.
        case inCurrent([String])
    }

    var kind: Kind
    /// Applied innermost first: `empty(first(items))` is `[empty, first]`.
    var transforms: [TemplateTransform]
    /// As written, for errors (`{{/name}}` must repeat it).
    var text: String
}

/// What a transform computes from a value; nil (the name is missing) when it does not apply to it.
enum TemplateTransform: String, Sendable, CaseIterable {
    case empty, count, first, last, reversed, lowercased, uppercased
    case equalzero, plusone, minusone, even, odd, index

    func apply(to value: TemplateValue) -> TemplateValue? {
        switch (self, value) {
        case (.empty, .list(let items)): .bool(items.isEmpty)
        case (.empty, .object(let fields)): .bool(fields.isEmpty)
        case (.empty, .string(let text)): .bool(text.isEmpty)
        case (.count, .list(let items)): .int(items.count)
        case (.count, .object(let fields)): .int(fields.count)
        case (.first, .list(let items)): items.first
        case (.last, .list(let items)): items.last
        case (.reversed, .list(let items)): .list(items.reversed())
        case (.reversed, .string(let text)): .string(String(text.reversed()))
        case (.lowercased, .string(let text)): .string(text.lowercased())
        case (.uppercased, .string(let text)): .string(text.uppercased())
        case (.equalzero, .int(let number)): .bool(number == 0)
        case (.plusone, .int(let number)): .int(number + 1)
        case (.minusone, .int(let number)): .int(number - 1)
        case (.even, .int(let number)): .bool(number & 1 == 0)
        case (.odd, .int(let number)): .bool(number & 1 == 1)
        default: nil
        }
    }
}

/// A template that does not compile: what is wrong, at which line and column (1-based).
struct TemplateSyntaxError: Error, Sendable, CustomStringConvertible {
    var message: String
    var line: Int
    var column: Int

    var description: String { "\(line):\(column): \(message)" }
}

/// A set of named templates, each able to include the others as partials.
struct TemplateLibrary: Sendable {
    private var templates: [String: Template]

    init(_ templates: [String: Template] = [:]) {
        self.templates = templates
    }

    subscript(name: String) -> Template? {
        get { templates[name] }
        set { templates[name] = newValue }
    }

    /// The bytes of template `name` rendered with `value`, on top of the values of `context` (what a
    /// name `value` lacks is looked up there, innermost last); nil when there is no such template.
    func render(_ value: TemplateValue, template name: String, context: [TemplateValue] = []) -> [UInt8]? {
        guard let template = templates[name] else { return nil }
        var renderer = TemplateRenderer(library: self, stack: context + [value])
        var output: [UInt8] = []
        output.reserveCapacity(16_384)
        renderer.render(template.nodes, into: &output)
        return output
    }
}

/// One rendering: the context stack and the state partials and lists add to it.
private struct TemplateRenderer {
    let library: TemplateLibrary
    /// The values sections entered, innermost last.
    var stack: [TemplateValue]
    /// Where the innermost list section is: first, last, index.
    var position: (first: Bool, last: Bool, index: Int)?
    /// What standalone partials add before each line they write.
    var indentation: [UInt8] = []

    init(library: TemplateLibrary, stack: [TemplateValue]) {
        self.library = library
        self.stack = stack
    }

    /// Renders `nodes` (a template, a partial or a section's body): a node that writes something
    /// right after a line break this rendering wrote is indented first.
    mutating func render(_ nodes: [TemplateNode], into output: inout [UInt8]) {
        let start = output.count
        // By index: a node read where it stands (a copy of each would retain all it holds).
        for index in nodes.indices {
            let indented = !indentation.isEmpty && Self.endsLine(output, from: start)
            if indented { output += indentation }
            let before = output.count
            render(nodes, at: index, into: &output)
            if indented, output.count == before { output.removeLast(indentation.count) }
        }
    }

    /// Whether what was written since `start` ends with a line feed that is not part of a CR LF.
    private static func endsLine(_ output: [UInt8], from start: Int) -> Bool {
        let end = output.count
        guard end > start, output[end - 1] == UInt8(ascii: "\n") else { return false }
        return end - 1 == start || output[end - 2] != UInt8(ascii: "\r")
    }

    private mutating func render(_ nodes: [TemplateNode], at index: Int, into output: inout [UInt8]) {
        switch nodes[index] {
        case .text(let bytes):
            output += bytes
        case .variable(let name, let escaped):
            guard let value = lookup(name) else { return }
            Self.write(value, escaped: escaped, into: &output)
        case .section(let name, let body, let inverted):
            let value = lookup(name)
            if inverted {
                renderInverted(value, body: body, into: &output)
            } else {
                renderSection(value, body: body, into: &output)
            }
        case .partial(let name, let indentation, _):
            guard let template = library[name] else { return }
            let saved = (self.indentation, position)
            if let indentation { self.indentation += indentation }
            position = nil
            render(template.nodes, into: &output)
            (self.indentation, position) = saved
        }
    }

    private mutating func renderSection(_ value: TemplateValue?, body: [TemplateNode], into output: inout [UInt8]) {
        switch value {
        case nil, .null?, .bool(false)?:
            return
        case .bool(true)?:
            render(body, into: &output)
        case .list(let items)?:
            let saved = position
            for (index, item) in items.enumerated() {
                position = (index == 0, index == items.count - 1, index)
                enter(item, body: body, into: &output)
            }
            position = saved
        case let value?:
            let saved = position
            position = nil
            enter(value, body: body, into: &output)
            position = saved
        }
    }

    private mutating func renderInverted(_ value: TemplateValue?, body: [TemplateNode], into output: inout [UInt8]) {
        switch value {
        case nil, .null?, .bool(false)?:
            render(body, into: &output)
        case .list(let items)? where items.isEmpty:
            let saved = position
            position = nil
            enter(.list(items), body: body, into: &output)
            position = saved
        default:
            return
        }
    }

    /// Renders `body` with `value` on top of the context stack.
    private mutating func enter(_ value: TemplateValue, body: [TemplateNode], into output: inout [UInt8]) {
        stack.append(value)
        render(body, into: &output)
        stack.removeLast()
    }

    /// The value `name` reads, transformed; nil when it is missing.
    private func lookup(_ name: TemplateName) -> TemplateValue? {
        var value: TemplateValue?
        switch name.kind {
        case .current:
            value = stack.last
        case .position:
            // `first()`, `last()`, `index()`, `even()`, `odd()`: the innermost transform reads the position.
            if let position, let innermost = name.transforms.last {
                var result: TemplateValue? = switch innermost {
                case .first: .bool(position.first)
                case .last: .bool(position.last)
                case .index: .int(position.index)
                case .even: .bool(position.index & 1 == 0)
                case .odd: .bool(position.index & 1 == 1)
                default: nil
                }
                for transform in name.transforms.dropLast().reversed() {
                    guard let current = result else { break }
                    result = transform.apply(to: current)
                }
                return result
            }
            return nil
        case .inCurrent(let path):
            value = stack.last.flatMap { Self.descend($0, path[...]) }
        case .stack(let path):
            guard let head = path.first else { return nil }
            for entry in stack.reversed() {
                if case .object(let fields) = entry, let found = fields[head] {
                    value = Self.descend(found, path.dropFirst())
                    break
                }
            }
        }
        for transform in name.transforms.reversed() {
            guard let current = value else { return nil }
            value = transform.apply(to: current)
        }
        return value
    }

    private static func descend(_ value: TemplateValue, _ path: ArraySlice<String>) -> TemplateValue? {
        var value = value
        for name in path {
            guard case .object(let fields) = value, let child = fields[name] else { return nil }
            value = child
        }
        return value
    }

    /// A value as text: strings (HTML-escaped unless `escaped` is false), numbers, booleans;
    /// null, lists and objects write nothing.
    private static func write(_ value: TemplateValue, escaped: Bool, into output: inout [UInt8]) {
        switch value {
        case .string(let text):
            if escaped { escapeHTML(text, into: &output) } else { output += text.utf8 }
        case .int(let number): output += String(number).utf8
        case .double(let number): output += String(describing: number).utf8
        case .bool(let flag): output += (flag ? "true" : "false").utf8
        case .null, .list, .object: break
        }
    }

    /// `&`, `<`, `>`, `"` and `'` as character references; every other byte as is.
    static func escapeHTML(_ text: String, into output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            // Runs without a byte to escape found a word at a time, copied whole.
            var run = 0
            var index = HTMLEscaping.firstSpecial(in: bytes, from: 0)
            while index < bytes.count {
                let reference: StaticString = switch bytes[index] {
                case UInt8(ascii: "&"): "&amp;"
                case UInt8(ascii: "<"): "&lt;"
                case UInt8(ascii: ">"): "&gt;"
                case UInt8(ascii: "\""): "&quot;"
                default: "&#39;"
                }
                output += bytes[run..<index]
                output += UnsafeBufferPointer(start: reference.utf8Start, count: reference.utf8CodeUnitCount)
                run = index + 1
                index = HTMLEscaping.firstSpecial(in: bytes, from: run)
            }
            output += bytes[run...]
        }
    }
}

/// Compiles template text the way swift-mustache parses it (standalone lines, whitespace before a
/// tag, delimiters scoped to the section that sets them), into `TemplateNode`s.
struct TemplateParser {
    private let bytes: [UInt8]
    private var position = 0
    /// The current delimiters: `{{` and `}}` until a `{{=… …=}}` tag sets others.
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The nodes of the whole template.
    mutating func parseAll() throws(TemplateSyntaxError) -> [TemplateNode] {
        try parse(section: nil, newLine: true)
    }

    /// The nodes up to the end (`section` nil) or up to and including `{{/section}}`. `newLine`:
    /// the text starts a line, so a tag alone on it (with spaces) is standalone.
    private mutating func parse(section: TemplateName?, newLine: Bool) throws(TemplateSyntaxError) -> [TemplateNode] {
        let delimiters = (open, close)
        defer { (open, close) = delimiters }
        var nodes: [TemplateNode] = []
        var newLine = newLine
        var whiteSpace: ArraySlice<UInt8> = []
        while position < bytes.count {
            if newLine {
                whiteSpace = read { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            }
            let text = readTextUntilTagOrLineBreak()
            if let length = lineBreak(at: position) {
                nodes.append(.text(Array(whiteSpace) + text + bytes[position..<position + length]))
                position += length
                newLine = true
                continue
            }
            if !text.isEmpty {
                nodes.append(.text(Array(whiteSpace) + text))
                whiteSpace = []
                newLine = false
            }
            guard position < bytes.count else { break }
            // Writes the spaces before a tag that is not standalone.
            func flushWhiteSpace() {
                if !whiteSpace.isEmpty { nodes.append(.text(Array(whiteSpace))) }
                whiteSpace = []
            }
            let tagStart = position - open.count
            var standalone = false
            switch bytes[position] {
            case UInt8(ascii: "#"), UInt8(ascii: "^"):
                let inverted = bytes[position] == UInt8(ascii: "^")
                position += 1
                let name = try readName()
                standalone = endsStandalone(newLine)
                if !standalone { flushWhiteSpace() }
                let body = try parse(section: name, newLine: newLine && standalone)
                nodes.append(.section(name, body: body, inverted: inverted))
            case UInt8(ascii: "/"):
                position += 1
                let name = try readName()
                guard let section, name.text == section.text else {
                    throw error(section.map { "{{/\(name.text)}} closes no section: the open section is '\($0.text)'" }
                        ?? "{{/\(name.text)}} closes no section", at: tagStart)
                }
                if !endsStandalone(newLine) { flushWhiteSpace() }
                return nodes
            case UInt8(ascii: "!"):
                position += 1
                guard let end = find(close, from: position) else { throw error("comment without its closing delimiter", at: tagStart) }
                position = end + close.count
                standalone = endsStandalone(newLine)
            case UInt8(ascii: "{"), UInt8(ascii: "&"):
                flushWhiteSpace()
                let triple = bytes[position] == UInt8(ascii: "{")
                position += 1
                let name = try readName()
                if triple {
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "}") else { throw error("'{{{\(name.text)' needs '}}}'", at: tagStart) }
                    position += 1
                }
                nodes.append(.variable(name, escaped: false))
            case UInt8(ascii: ">"):
                position += 1
                _ = read(while: Self.isWhiteSpace)
                let name = read { Self.isNameByte($0) || $0 == UInt8(ascii: "/") }
                _ = read(while: Self.isWhiteSpace)
                guard !name.isEmpty, starts(with: close, at: position) else { throw error("a partial tag needs a template name", at: tagStart) }
                position += close.count
                let line = self.line(of: tagStart)
                if !whiteSpace.isEmpty { nodes.append(.text(Array(whiteSpace))) }
                standalone = endsStandalone(newLine)
                nodes.append(.partial(String(decoding: name, as: UTF8.self), indentation: standalone ? Array(whiteSpace) : nil, line: line))
                whiteSpace = []
            case UInt8(ascii: "="):
                position += 1
                try setDelimiters(at: tagStart)
                standalone = endsStandalone(newLine)
            case UInt8(ascii: "<"), UInt8(ascii: "$"), UInt8(ascii: "%"):
                throw error("'\(String(decoding: open, as: UTF8.self))\(Character(Unicode.Scalar(bytes[position])))': inheritance and pragmas are not supported", at: tagStart)
            default:
                flushWhiteSpace()
                nodes.append(.variable(try readName(), escaped: true))
            }
            newLine = standalone
        }
        if let section {
            throw error("section '\(section.text)' is not closed ({{/\(section.text)}})", at: bytes.count)
        }
        return nodes
    }

    /// The text up to a line break (left to read) or a tag's opening delimiter (read past).
    private mutating func readTextUntilTagOrLineBreak() -> [UInt8] {
        var text: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if lineBreak(at: position) != nil { break }
            if byte == open[0], starts(with: open, at: position) {
                position += open.count
                break
            }
            text.append(byte)
            position += 1
        }
        return text
    }

    /// A tag's name, its spaces and closing delimiter read: `a.b`, `.`, `empty(items)`.
    private mutating func readName() throws(TemplateSyntaxError) -> TemplateName {
        let start = position
        _ = read(while: Self.isWhiteSpace)
        let written = read { Self.isNameByte($0) || $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") }
        _ = read(while: Self.isWhiteSpace)
        guard starts(with: close, at: position) else {
            throw error("a tag's name ends with '\(String(decoding: close, as: UTF8.self))'", at: start)
        }
        position += close.count
        let text = String(decoding: written, as: UTF8.self)
        // `f(g(name))`: the transforms outermost first, then the name.
        var parts = text.split(separator: "(", omittingEmptySubsequences: false).map(String.init)
        let closing = parts.removeLast()
        let name = String(closing.prefix { $0 != ")" })
        guard closing.dropFirst(name.count).allSatisfy({ $0 == ")" }), closing.count - name.count == parts.count,
            !name.contains(")"), parts.allSatisfy({ !$0.contains(")") })
        else { throw error("'\(text)' is not a name nor a transform of one: transform(name)", at: start) }
        var transforms: [TemplateTransform] = []
        for part in parts {
            guard let transform = TemplateTransform(rawValue: part) else {
                throw error("unknown transform '\(part)' (known: \(TemplateTransform.allCases.map(\.rawValue).joined(separator: ", ")))", at: start)
            }
            transforms.append(transform)
        }
        let kind: TemplateName.Kind
        if name == "." || (name.isEmpty && transforms.isEmpty) {
            kind = .current
        } else if name.isEmpty {
            kind = .position
        } else if name.hasPrefix(".") {
            kind = .inCurrent(name.split(separator: ".").map(String.init))
        } else {
            kind = .stack(name.split(separator: ".").map(String.init))
        }
        return TemplateName(kind: kind, transforms: transforms, text: text)
    }

    /// `{{=<% %>=}}` read after its `=`: the new delimiters apply to the rest of the section.
    private mutating func setDelimiters(at tagStart: Int) throws(TemplateSyntaxError) {
        _ = read(while: Self.isWhiteSpace)
        let newOpen = read { !Self.isWhiteSpace($0) }
        _ = read(while: Self.isWhiteSpace)
        let newClose = read { !Self.isWhiteSpace($0) && $0 != UInt8(ascii: "=") }
        _ = read(while: Self.isWhiteSpace)
        guard !newOpen.isEmpty, !newClose.isEmpty, position < bytes.count, bytes[position] == UInt8(ascii: "="),
            starts(with: close, at: position + 1)
        else { throw error("a delimiter tag is written {{=open close=}}", at: tagStart) }
        position += 1 + close.count
        (open, close) = (Array(newOpen), Array(newClose))
    }

    /// Whether the tag just read ends a line it stands alone on (the line started at `newLine`,
    /// only spaces follow): then the rest of the line, its line break included, is read.
    private mutating func endsStandalone(_ newLine: Bool) -> Bool {
        guard newLine else { return false }
        guard position < bytes.count else { return true }
        var end = position
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        guard let length = lineBreak(at: end) else { return false }
        position = end + length
        return true
    }

    /// The length of the line break at `index` (LF or CR LF), nil when there is none.
    private func lineBreak(at index: Int) -> Int? {
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "\n") { return 1 }
        if bytes[index] == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { return 2 }
        return nil
    }

    private mutating func read(while accepts: (UInt8) -> Bool) -> ArraySlice<UInt8> {
        let start = position
        while position < bytes.count, accepts(bytes[position]) { position += 1 }
        return bytes[start..<position]
    }

    private func starts(with delimiter: [UInt8], at index: Int) -> Bool {
        index + delimiter.count <= bytes.count && bytes[index..<index + delimiter.count].elementsEqual(delimiter)
    }

    private func find(_ delimiter: [UInt8], from index: Int) -> Int? {
        var index = index
        while index + delimiter.count <= bytes.count {
            if starts(with: delimiter, at: index) { return index }
            index += 1
        }
        return nil
    }

    private func line(of index: Int) -> Int {
        1 + bytes[..<min(index, bytes.count)].count { $0 == UInt8(ascii: "\n") }
    }

    private func error(_ message: String, at index: Int) -> TemplateSyntaxError {
        let lineStart = bytes[..<min(index, bytes.count)].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return TemplateSyntaxError(message: message, line: line(of: index), column: index - lineStart + 1)
    }

    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (UInt8(ascii: "\t")...UInt8(ascii: "\r")).contains(byte)
    }

    /// The bytes of a name: letters, digits and `. - _ ? *` (swift-mustache's set).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case _ where byte.isASCIIAlphanumeric: true
        case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "?"), UInt8(ascii: "*"): true
        default: false
        }
    }
}
