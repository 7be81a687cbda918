/// The documented mapping from Objective-C and C# types to Swift (also listed in README.md).
///
/// | documented | Swift |
/// |---|---|
/// | `NSData*` | `Data` |
/// | `NSString*`, C# `string` | `String` |
/// | `NSSet*` | `Set<String>` (tags are strings) |
/// | `NSArray*`, C# `string[]` | `[String]` |
/// | `BOOL`, C# `bool` | `Bool` |
/// | `NSInteger`, C# `int` | `Int` |
/// | `NSURLResponse*` in a completion | `Int` (the HTTP status code) |
/// | completion block `void(^)(NSError*)` | `async throws` |
/// | completion block `void(^)(T, NSError*)` | `async throws -> T` |
/// | `-(instancetype) initWithX:` | `init(x:)` requirement |
/// | C# `Task<T>` | `async throws -> T` |
/// | C# `HttpResponseMessage` | `ContractStatus` (the documented status codes) |
/// | C# JSON body class (`DeviceRegistration`) | a generated `Codable` struct |
/// | C# parameter with a `null` default | optional |
/// | `HttpContext.Current.User` read in the body | an explicit `user: String` parameter |
public struct TypeMapping: Sendable {
    /// JSON body types generated as structs, usable by name.
    public var knownTypes: Set<String>

    public init(knownTypes: Set<String> = []) {
        self.knownTypes = knownTypes
    }

    static let objc: [String: String] = [
        "NSData*": "Data", "NSString*": "String", "NSSet*": "Set<String>", "NSArray*": "[String]",
        "BOOL": "Bool", "NSInteger": "Int", "NSURLResponse*": "Int", "NSHTTPURLResponse*": "Int",
    ]
    static let csharp: [String: String] = [
        "string": "String", "string[]": "[String]", "bool": "Bool", "int": "Int", "long": "Int",
        "HttpResponseMessage": "ContractStatus",
    ]

    /// The Swift type of an Objective-C type, or nil when it has no documented mapping.
    public func swiftType(objc type: String) -> String? {
        Self.objc[type.replacingSpaces] ?? (knownTypes.contains(type) ? type : nil)
    }

    /// The Swift type of a C# type, or nil when it has no documented mapping.
    public func swiftType(csharp type: String) -> String? {
        Self.csharp[type] ?? (knownTypes.contains(type) ? type : nil)
    }

    /// `void(^)(NSString*,NSError*)` → `.some("String")`; `void(^)(NSError*)` → `.some(nil)`; not a block → nil.
    public func completionResult(objc type: String) -> String?? {
        let spelled = type.replacingSpaces
        guard spelled.hasPrefix("void(^)("), spelled.hasSuffix("NSError*)") else { return nil }
        let inner = spelled.dropFirst("void(^)(".count).dropLast(")".count).split(separator: ",").map(String.init)
        guard inner.count > 1 else { return .some(nil) }
        return swiftType(objc: inner[0]).map { .some($0) }
    }

    /// `Task<T>` → T mapped; `Task` → nil result.
    public func taskResult(csharp type: String) -> String?? {
        if type == "Task" { return .some(nil) }
        guard type.hasPrefix("Task<"), type.hasSuffix(">") else { return nil }
        return swiftType(csharp: String(type.dropFirst(5).dropLast())).map { .some($0) }
    }
}

extension String {
    var replacingSpaces: String { filter { $0 != " " } }
}
