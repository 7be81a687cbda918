public import TutorialModel
import DocFXDialect

extension TutorialExtractor {
    /// The extractor of the bundled content, whose includes fall back to `en-us` (as stepwise.yml says).
    public static let seeds = TutorialExtractor(loader: DocumentLoader(defaultLocale: "en-us"))
}
