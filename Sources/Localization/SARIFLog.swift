/// The subset of SARIF 2.1.0 that `stepwise check --format sarif` writes.
struct SARIFLog: Encodable {
    enum CodingKeys: String, CodingKey {
        case schema = "$schema", version, runs
    }

    var schema = "https://json.schemastore.org/sarif-2.1.0.json"
    var version = "2.1.0"
    var runs: [Run]

    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
        var columnKind = "unicodeCodePoints"
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name: String
        var version: String
        var informationUri: String
        var rules: [Rule]
    }

    struct Rule: Encodable {
        var id: String
        var shortDescription: Message
        var defaultConfiguration: Configuration
    }

    struct Configuration: Encodable {
        var level: String
    }

    struct Message: Encodable {
        var text: String
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var relatedLocations: [Location]?
        var partialFingerprints: [String: String]?
        var baselineState: String?
        var properties: [String: String]?
    }

    struct Location: Encodable {
        var id: Int?
        var physicalLocation: PhysicalLocation
        var message: Message?
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct ArtifactLocation: Encodable {
        var uri: String
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }
}
