/// An Objective-C method declaration or definition: `-(void) registerWithDeviceToken:(NSData*)token …`.
public struct ObjCMethod: Hashable, Sendable {
    /// One keyword part of the selector with its parameter.
    public struct Part: Hashable, Sendable {
        public var keyword: String
        public var type: String?
        public var name: String?
    }

    public var isInstance: Bool
    public var returnType: String
    public var parts: [Part]
    /// Token indexes of the body, braces excluded; nil for a declaration.
    public var body: Range<Int>?
    public var line: Int

    /// The selector, `registerWithDeviceToken:tags:andCompletion:`.
    public var selector: String {
        parts.map { $0.type == nil ? $0.keyword : $0.keyword + ":" }.joined()
    }
}

/// An Objective-C property: `@property (strong, nonatomic) NSString* authenticationHeader;`.
public struct ObjCProperty: Hashable, Sendable {
    public var attributes: [String]
    public var type: String
    public var name: String
    public var line: Int
}

/// An `@interface` block: a class declaration or a class extension (`@interface Name ()`).
public struct ObjCInterface: Hashable, Sendable {
    public var name: String
    public var superclass: String?
    public var isExtension: Bool
    public var properties: [ObjCProperty]
    public var methods: [ObjCMethod]
    public var line: Int
}
