public import TutorialModel

/// Everything a site build reads besides the templates.
public struct SiteInput: Sendable {
    public var tutorials: [Tutorial]
    public var verifications: any SampleVerificationProvider
    public var driftReport: DriftReport

    public init(tutorials: [Tutorial], verifications: any SampleVerificationProvider, driftReport: DriftReport = DriftReport()) {
        self.tutorials = tutorials
        self.verifications = verifications
        self.driftReport = driftReport
    }
}
