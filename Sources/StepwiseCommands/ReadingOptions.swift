import ArgumentParser

/// Options of the commands that read documents: where the content root is and which locale's
/// includes others fall back to.
struct ReadingOptions: ParsableArguments {
    @Option(help: "The content root holding one folder per locale (default: found from each file's path).")
    var contentRoot: String?

    @Option(help: "The locale whose includes others fall back to.")
    var defaultLocale: String = "en-us"

    var reader: TutorialReader { TutorialReader(contentRoot: contentRoot, defaultLocale: defaultLocale) }
}
