import CommonMark
@testable import DocFXDialect
import Foundation
import StepwiseDiagnostics

/// Loads `text` as a document named `path` through the whole dialect front end.
func normalize(_ text: String, path: String = "doc.md") throws(StepwiseError) -> NormalizedDocument {
    let lines = try SourceFile.decodeLines(Data(text.utf8), path: path)
    let file = SourceFile(path: path, url: URL(fileURLWithPath: "/tmp/" + path), lines: lines)
    return DialectNormalizer.normalize(file, metadata: try MetadataReader.read(file))
}

func metadata(_ text: String) throws(StepwiseError) -> DocumentMetadata {
    let lines = try SourceFile.decodeLines(Data(text.utf8), path: "doc.md")
    return try MetadataReader.read(SourceFile(path: "doc.md", url: URL(fileURLWithPath: "/tmp/doc.md"), lines: lines))
}
