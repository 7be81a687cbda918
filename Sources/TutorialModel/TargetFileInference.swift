/// Infers the file of a sample whose step names only a class or method.
enum TargetFileInference {
    /// Sets `inferredFile` from a file seen earlier whose base name the step sets in code or bold
    /// (`Notifications` → Notifications.cs), else the last file of the same language.
    static func infer(
        _ sample: inout CodeSample, terms: [String], knownFiles: inout [String], lastFileByLanguage: inout [String: String]
    ) {
        if let file = sample.file {
            if !knownFiles.contains(file) { knownFiles.append(file) }
            lastFileByLanguage[sample.language] = file
            return
        }
        let words = Set(terms)
        let named = knownFiles.last { file in
            let base = file.split(separator: ".").dropLast().joined(separator: ".")
            return words.contains(base) && LanguageDetector.extensions[file.split(separator: ".").last.map(String.init) ?? ""] == sample.language
        }
        sample.inferredFile = named ?? lastFileByLanguage[sample.language]
        if let inferred = sample.inferredFile { lastFileByLanguage[sample.language] = inferred }
    }
}
