/// The source locale's include files a translation's include files are compared with.
///
/// A workspace names them by place (`SourceIncludes(counterparts:)`: each translated include file's
/// counterpart in the source locale's folder, read on its own), so that a check of some documents
/// compares exactly as a check of all; given only the inputs, the first source-locale file of each
/// include name among them.
public struct SourceIncludes: Sendable {
    private var byName: [String: CheckedFile] = [:]
    private var byPath: [String: CheckedFile]?

    init(inputs: [CheckInput], locale: String) {
        for file in inputs.flatMap(\.files) where file.fileLocale == locale {
            if let name = file.includeName, byName[name] == nil { byName[name] = file }
        }
    }

    /// Translated include file (its path) → the source locale's file at the same place.
    public init(counterparts: [String: CheckedFile]) {
        byPath = counterparts
    }

    /// The source-locale file `file` (an include of a translation) is compared with.
    func counterpart(of file: CheckedFile) -> CheckedFile? {
        if let byPath { return byPath[file.path] }
        return file.includeName.flatMap { byName[$0] }
    }
}
