/// Everything the analysis derived from a tutorial's code, each item with its source.
public struct Contract: Hashable, Sendable {
    public var routes: [RouteFact] = []
    public var headers: [HeaderFact] = []
    public var jsonTypes: [JSONTypeFact] = []
    public var platforms: [PlatformFact] = []
    public var statuses: [StatusFact] = []
    public var tagFormats: [TagFormatFact] = []
    public var payloads: [PayloadFact] = []
    public var rules: [RuleFact] = []
    public var interfaces: [InterfaceFact] = []

    public init() {}
}

/// An HTTP route: the server's handler or a request the client sends.
public struct RouteFact: Hashable, Sendable {
    public enum Side: String, Hashable, Sendable { case server, client }
    public var side: Side
    /// `register.put`: the controller (or path) and the method.
    public var name: String
    public var method: String
    /// Path segments; parameters written `{id}`.
    public var segments: [String]
    public var query: [String]
    /// What the body carries (`DeviceRegistration`, `message`), if anything.
    public var body: String?
    public var source: FactSource

    public var path: String { segments.joined(separator: "/") }
}

/// A request header, with the route it is sent on when known.
public struct HeaderFact: Hashable, Sendable {
    public var name: String
    /// The value with placeholders, `Basic <credentials>`.
    public var value: String
    public var route: String?
    public var source: FactSource
}

/// A JSON body type and its keys, in declaration order.
public struct JSONTypeFact: Hashable, Sendable {
    public var name: String
    public var fields: [JSONField]
    public var source: FactSource
}

public struct JSONField: Hashable, Sendable {
    public var key: String
    public var type: String
    public var line: Int
}

/// A platform value accepted by a `switch`, and the type or call it maps to.
public struct PlatformFact: Hashable, Sendable {
    public var value: String
    /// `registration` for the register switch, `send` for the notification switch.
    public var role: String
    public var mapsTo: String
    public var source: FactSource
}

/// An HTTP status code the server answers with, and what it means there.
public struct StatusFact: Hashable, Sendable {
    public var code: Int
    public var name: String
    public var meaning: String
    public var source: FactSource
}

/// A tag built as a literal prefix and a value: `"username:" + username`.
public struct TagFormatFact: Hashable, Sendable {
    public var prefix: String
    public var placeholder: String
    public var source: FactSource
}

/// The native payload sent for a platform, as a template.
public struct PayloadFact: Hashable, Sendable {
    public var platform: String
    public var template: StringTemplate
    public var source: FactSource
}

/// A behavioural rule: storage key, token format, quote stripping, retry, authentication, message body.
public struct RuleFact: Hashable, Sendable {
    public var kind: String
    public var name: String
    public var value: String
    public var source: FactSource
}

/// A documented class or controller whose declarations become a Swift protocol.
public struct InterfaceFact: Hashable, Sendable {
    public var name: String
    public var language: String
    public var members: [MemberFact]
    public var source: FactSource
}

/// One member of an interface, already mapped to Swift.
public struct MemberFact: Hashable, Sendable {
    /// The documented declaration, `-(void) registerWithDeviceToken:tags:andCompletion:`.
    public var original: String
    public var requirement: SwiftRequirement
    public var line: Int
}
