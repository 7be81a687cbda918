import TutorialModel

extension TutorialPageBuilder {
    /// A sample with caption, highlighted tokens and its verification badge.
    func sample(_ sample: CodeSample, terms: [String] = [], fallback: Bool, context: inout PageContext) -> SampleView {
        let key = SampleKey(source: context.tutorial.source, sample: sample.id)
        let verification = verifications.verification(for: key) ?? SampleVerification(status: .unverified)
        return SampleView(
            id: "sample-\(sample.id)", language: sample.language, languageLabel: CodeLanguage.label(of: sample.language),
            file: sample.file ?? sample.inferredFile, fileInferred: sample.file == nil && sample.inferredFile != nil,
            target: terms.first { $0.hasPrefix("@") && $0.count > 1 && !$0.contains(" ") },
            action: sample.action.flatMap { strings["action" + $0.capitalized] },
            code: SampleView.html(
                highlighter.tokens(verification.replacementText ?? sample.text, language: sample.language),
                marking: verification.replacementText == nil ? sample.reference?.highlight ?? [] : []),
            badge: badge(verification, locale: context.tutorial.locale),
            lang: fallback ? plan.configuration.defaultLocale : nil,
            replaces: verification.replacementText == nil && sample.damage == nil ? nil : "\(sample.origin.path):\(sample.line)-\(max(sample.line, sample.endLine))",
            source: sample.reference.map(SourceFileView.init))
    }

    /// The badge, its note in the page's language when the interface strings have it (else in the
    /// fallback locale's, else the checks' English, each marked with its language).
    func badge(_ verification: SampleVerification, locale: String) -> BadgeView {
        var note = verification.note.isEmpty ? nil : verification.note
        var noteLang = "en"
        if let message = verification.message, let text = message.text(in: strings) {
            note = text
            noteLang = interface.has(message.key, in: locale) ? locale : plan.configuration.defaultLocale
        }
        return BadgeView(
            status: verification.status.rawValue,
            label: strings[Self.badgeKey(verification.status)] ?? verification.status.rawValue,
            note: note, noteLang: noteLang,
            diff: verification.diff.map(DiffLineView.init))
    }

    static func badgeKey(_ status: SampleVerification.Status) -> String {
        switch status {
        case .matchesSource: "badgeMatchesSource"
        case .repaired: "badgeRepaired"
        case .drift: "badgeDrift"
        case .fallback: "badgeFallback"
        case .unverified: "badgeUnverified"
        }
    }
}
