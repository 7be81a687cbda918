public import TutorialModel

/// The comparison of one aligned pair of code samples.
public struct SampleVerdict: Hashable, Sendable, Codable {
    public var classification: SampleClassification
    /// Token-level differences of the code (comments excluded), in order.
    public var changes: [TokenChange]
    /// The number of comments whose text differs.
    public var changedComments: Int
    /// For damaged samples: the damage the model found and whether it was repaired.
    public var damage: Damage?
    /// True when the (repaired or recovered) code equals the source's code token for token.
    public var codeMatchesSource: Bool
    /// The proposed replacement for the translation's sample: the source code, keeping the
    /// translation's comments where they sit at the same place in the code. Nil when identical.
    public var repair: String?
}
