import DocFXDialect
import Foundation
import Localization
import StepwiseDiagnostics
import TutorialModel

/// Loads and models many documents in parallel; results keep the input order whatever the thread count.
struct TutorialBatch {
    var extractor: TutorialExtractor

    func extract(_ urls: [URL]) -> [Result<Tutorial, StepwiseError>] {
        load(urls).map { $0.map(\.tutorial) }
    }

    /// Each document with its model, for the checks that also read the files themselves.
    func load(_ urls: [URL]) -> [Result<(document: LoadedDocument, tutorial: Tutorial), StepwiseError>] {
        let extractor = extractor
        return urls.concurrentMap { url in
            Result { () throws(StepwiseError) -> (document: LoadedDocument, tutorial: Tutorial) in
                let document = try extractor.loader.load(url)
                return (document, extractor.extract(document))
            }
        }
    }
}
