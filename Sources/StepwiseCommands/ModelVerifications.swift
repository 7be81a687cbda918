import Site
import TutorialModel

/// Sample verifications that the model alone can tell, until the drift checks provide real ones.
///
/// Repaired damage → `repaired`; the default locale's include standing in for a translation →
/// `fallback`; the source (default locale, source edition) → `matchesSource`; else `unverified`.
struct ModelVerifications {
    var configuration: SiteConfiguration

    func verifications(of tutorials: [Tutorial]) -> [SampleKey: SampleVerification] {
        var result: [SampleKey: SampleVerification] = [:]
        for tutorial in tutorials {
            let fallbackPaths = Set(tutorial.includes.filter(\.fallback).map(\.resolvedTo))
            for (index, sample) in tutorial.allCode.enumerated() {
                result[SampleKey(source: tutorial.source, index: index)] = verification(sample, in: tutorial, fallbackPaths: fallbackPaths)
            }
        }
        return result
    }

    private func verification(_ sample: CodeSample, in tutorial: Tutorial, fallbackPaths: Set<String>) -> SampleVerification {
        if let damage = sample.damage, damage.recovered {
            return SampleVerification(status: .repaired, note: "\(Self.describe(damage.kind)) — \(damage.detail)")
        }
        if fallbackPaths.contains(sample.origin.path) {
            return SampleVerification(status: .fallback, note: "Shown from the \(configuration.defaultLocale) source: this include has no \(tutorial.locale) translation")
        }
        if let damage = sample.damage {
            return SampleVerification(status: .unverified, note: "Could not be repaired — \(damage.detail)")
        }
        if tutorial.locale == configuration.defaultLocale, tutorial.edition == configuration.sourceEdition {
            return SampleVerification(status: .matchesSource, note: "This is the source")
        }
        return SampleVerification(status: .unverified)
    }

    private static func describe(_ kind: Damage.Kind) -> String {
        switch kind {
        case .splitByIndentation: "Reassembled"
        case .mergedIntoProse: "Separated from the prose it was merged into"
        case .machineTranslated: "Restored from the English source"
        case .escapeChanged: "String escapes repaired"
        }
    }
}
