/// Typed metadata of a tutorial, plus every value as written.
public struct TutorialMetadata: Hashable, Sendable, Codable {
    public var format: String
    public var title: String?
    public var description: String?
    public var author: String?
    public var date: String?
    public var assetID: String?
    public var contentLocale: String?
    public var translationType: String?
    public var openLocFileHash: String?
    public var sourceGitCommit: String?
    /// Every key and value, sorted by key when encoded.
    public var values: [String: String]

    enum CodingKeys: String, CodingKey {
        case format, title, description, author, date = "ms.date", assetID = "ms.assetid"
        case contentLocale = "ms.contentlocale", translationType = "ms.translationtype"
        case openLocFileHash = "ms.openlocfilehash", sourceGitCommit = "ms.sourcegitcommit", values
    }
}
