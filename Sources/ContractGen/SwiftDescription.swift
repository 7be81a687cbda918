/// A Swift source file described as data: imports and declarations, rendered by `SwiftRenderer`.
public struct SwiftFile: Hashable, Sendable {
    public var name: String
    public var imports: [String]
    public var declarations: [SwiftDeclaration]

    public init(name: String, imports: [String] = [], declarations: [SwiftDeclaration]) {
        self.name = name
        self.imports = imports
        self.declarations = declarations
    }
}

/// A declaration at file or type level.
public indirect enum SwiftDeclaration: Hashable, Sendable {
    case protocolDecl(SwiftProtocol)
    case structDecl(SwiftStruct)
    case enumDecl(SwiftEnum)
    case property(SwiftProperty)
    case function(SwiftFunction)

    /// The declared name, used to sort declarations.
    public var name: String {
        switch self {
        case .protocolDecl(let value): value.name
        case .structDecl(let value): value.name
        case .enumDecl(let value): value.name
        case .property(let value): value.name
        case .function(let value): value.signature.name
        }
    }
}

/// `public protocol Name: Sendable { requirements }`.
public struct SwiftProtocol: Hashable, Sendable {
    public var docs: [String]
    public var name: String
    public var inherits: [String]
    public var requirements: [SwiftRequirement]
}

/// A protocol requirement: a property with its accessors, or a function or initializer.
public enum SwiftRequirement: Hashable, Sendable {
    case property(docs: [String], name: String, type: String, settable: Bool)
    case function(docs: [String], signature: SwiftSignature)
}

/// `func name(label name: Type) async throws -> Result`, or `init(…)` when `name` is `init`.
public struct SwiftSignature: Hashable, Sendable {
    public var name: String
    public var parameters: [SwiftParameter]
    public var isStatic = false
    public var isAsync = false
    public var isThrowing = false
    public var returnType: String?
}

public struct SwiftParameter: Hashable, Sendable {
    /// The argument label when it differs from the name; `_` for none.
    public var label: String?
    public var name: String
    public var type: String
}

/// `public struct Name: Conformances { properties; members }`.
public struct SwiftStruct: Hashable, Sendable {
    public var docs: [String]
    public var name: String
    public var conformances: [String]
    public var members: [SwiftDeclaration]
}

/// `public enum Name: Raw, Conformances { cases; members }`; an enum with no cases is a namespace.
public struct SwiftEnum: Hashable, Sendable {
    public var docs: [String]
    public var name: String
    public var conformances: [String]
    public var cases: [SwiftEnumCase]
    public var members: [SwiftDeclaration]
}

public struct SwiftEnumCase: Hashable, Sendable {
    public var docs: [String]
    public var name: String
    public var rawValue: SwiftExpression?
    /// `case literal(String)`: the associated value's type.
    public var associatedType: String? = nil
}

/// `public (static) let|var name: Type (= value)`.
public struct SwiftProperty: Hashable, Sendable {
    public var docs: [String]
    public var name: String
    public var type: String
    public var value: SwiftExpression?
    public var isStatic = true
    public var isMutable = false
}

/// A function with a body of statements.
public struct SwiftFunction: Hashable, Sendable {
    public var docs: [String]
    public var signature: SwiftSignature
    public var body: [SwiftStatement]
}

/// A statement: one line, or a header line with a nested block (`if …`, `switch …`, `case …:`).
public indirect enum SwiftStatement: Hashable, Sendable {
    case line(String)
    case block(String, [SwiftStatement], close: String = "}")
    /// A `case …:` label whose statements are indented one level.
    case label(String, [SwiftStatement])
}

/// A value in generated code.
public indirect enum SwiftExpression: Hashable, Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case array([SwiftExpression])
    /// `Type(label: value, …)` or `.member(…)`.
    case call(String, [SwiftArgument])
    /// A name or member reference, written as is: `.json`.
    case reference(String)
}

public struct SwiftArgument: Hashable, Sendable {
    public var label: String?
    public var value: SwiftExpression

    public init(_ label: String?, _ value: SwiftExpression) {
        self.label = label
        self.value = value
    }
}
