/// The source locale's include files by include name.
struct SourceIncludes: Sendable {
    private var files: [String: CheckedFile] = [:]

    init(inputs: [CheckInput], locale: String) {
        for file in inputs.flatMap(\.files) where file.fileLocale == locale {
            if let name = file.includeName, files[name] == nil { files[name] = file }
        }
    }

    func file(named name: String) -> CheckedFile? { files[name] }
}
