import Localization
import Testing

/// Which rules' findings make a translated page drifted, stale or fallback on the status page.
@Suite struct PageEffectTests {
    @Test("code and structure rules drift a page, staleness rules make it stale, a fallback include falls back; others say nothing")
    func effects() {
        for rule in [FindingRule.codeDrift, .codeDamaged, .codeReferenceDrift, .codeMissing, .codeExtra, .structureParity] {
            #expect(FindingRule.pageEffects[rule.id] == .drifted, "\(rule.id)")
        }
        for rule in [FindingRule.sentenceStale, .sentenceUntranslated, .sourceDate, .sourceRevision] {
            #expect(FindingRule.pageEffects[rule.id] == .stale, "\(rule.id)")
        }
        #expect(FindingRule.pageEffects[FindingRule.includeFallback.id] == .fallback)
        for rule in [FindingRule.codeComments, .codeWhitespace, .sourceMissing, .linkBroken, .anchorMissing] + FindingRule.documentRules {
            #expect(FindingRule.pageEffects[rule.id] == nil, "\(rule.id)")
        }
    }
}
