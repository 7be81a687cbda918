/// How a translation or an older edition finds its source among the source documents, one rule for
/// the workspace (which sources to read) and the drift checks (which source to compare with).
///
/// The source with the same tutorial path, when its `ms.assetid` agrees (or either has none); else
/// the first source (in the order they were added) with the same asset id — a page renamed in
/// translation; else the source with the same path. Real repositories copy asset ids from page to
/// page (three quickstarts sharing one), so an asset id alone never outranks an agreeing path.
public struct SourcePairing<Source>: Sendable where Source: Sendable {
    private var byAsset: [String: Source] = [:]
    private var byPath: [String: (source: Source, assetID: String?)] = [:]

    public init() {}

    /// Adds a source document; the first one added wins a shared path or asset id.
    public mutating func add(_ source: Source, path: String, assetID: String?) {
        if let assetID, byAsset[assetID] == nil { byAsset[assetID] = source }
        if byPath[path] == nil { byPath[path] = (source, assetID) }
    }

    /// The source of a document at tutorial path `path` with `assetID`.
    public func source(path: String, assetID: String?) -> Source? {
        let samePath = byPath[path]
        if let samePath, assetID == nil || samePath.assetID == nil || samePath.assetID == assetID { return samePath.source }
        if let assetID, let source = byAsset[assetID] { return source }
        return samePath?.source
    }
}
