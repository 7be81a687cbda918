import Foundation

/// The hand-checked labels of one sample document (the fields the tests compare).
struct GoldLabels: Decodable {
    struct Section: Decodable {
        var title: String
        var line: Int
        var level: Int
        var heading_missing_space: Bool
        var anchor: String?
        var source_title: String?
        var steps: [Step]
        var code: [Code]
    }

    struct Step: Decodable {
        var line: Int
        var shown_number: Int
    }

    struct Code: Decodable {
        var step_index: Int?
        var first_line: Int
        var last_line: Int
        var first_code_line: String
        var last_code_line: String
        var nonblank_lines: Int
        var language: String
        var target_file: String?
        var target_file_inferred: String?
        var damaged: Bool
        var recoverable_from_source_span: Bool?
        var first_code_line_recovered: String?
        var last_code_line_recovered: String?
    }

    struct Include: Decodable {
        var line: Int
        var syntax: String
        var name: String
        var path: String
    }

    struct Counts: Decodable {
        var sections: Int
        var steps: Int
        var code_samples: Int
        var damaged_samples: Int
    }

    var title: String
    var metadata_title: String
    var sections: [Section]
    var includes: [Include]
    var counts: Counts

    static func load(_ prefix: String) throws -> GoldLabels {
        let folder = Bundle.module.url(forResource: "Gold", withExtension: nil)!
        let file = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .first { $0.lastPathComponent.hasPrefix(prefix + "_") && $0.pathExtension == "json" }!
        return try JSONDecoder().decode(GoldLabels.self, from: Data(contentsOf: file))
    }
}
