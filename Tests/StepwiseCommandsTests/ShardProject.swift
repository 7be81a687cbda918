import Foundation
import StepwiseTestSupport

/// A project of the corpus sample for sharding (`Fixtures/shard-sample`, French as the source) with
/// the repository's templates, and documents that test a split by tutorial path: links between
/// tutorials (by path, from the locale root, with a query and a fragment), an older edition, an
/// empty and a binary document (unreadable: no page, listed on the drift report).
final class ShardProject: @unchecked Sendable {
    let folder: TemporaryDirectory
    var root: URL { folder.url }
    var site: URL { root.appendingPathComponent("generated/site") }

    static let links = "articles/load-balancer/links.md"
    static let crossPairs = [
        ("es-es/articles/load-balancer/load-balancer-ha-ports-overview.md", "fr-fr/articles/load-balancer/load-balancer-custom-probe-overview.md"),
        ("es-es/articles/azure-functions/scripts/functions-cli-configure-ssl-certificate.md",
         "fr-fr/articles/app-service/scripts/app-service-cli-configure-ssl-certificate.md"),
    ]

    init() throws {
        folder = try TemporaryDirectory()
        let fileManager = FileManager.default
        try fileManager.copyItem(at: RepositoryFiles.root.appendingPathComponent("Tests/StepwiseCommandsTests/Fixtures/shard-sample/content"),
                                 to: root.appendingPathComponent("content"))
        try fileManager.copyItem(at: RepositoryFiles.root.appendingPathComponent("templates"), to: root.appendingPathComponent("templates"))
        try folder.write("stepwise.yml", "defaultLocale: fr-fr\nsiteURL: https://docs.example.org/\n")
        try folder.write("content/fr-fr/" + Self.links, Self.page(title: "Liens entre tutoriels", location: "westeurope"))
        try folder.write("content/es-es/" + Self.links, Self.page(title: "Vínculos entre tutoriales", location: "eastus"))
        let overview = "articles/load-balancer/load-balancer-ha-ports-overview.md"
        try fileManager.createDirectory(at: root.appendingPathComponent("content/fr-fr/editions/2017/articles/load-balancer"), withIntermediateDirectories: true)
        try fileManager.copyItem(at: root.appendingPathComponent("content/fr-fr/" + overview),
                                 to: root.appendingPathComponent("content/fr-fr/editions/2017/" + overview))
        try folder.write("content/es-es/articles/broken/empty.md", "")
        try folder.write("content/fr-fr/articles/broken/binary.md", Data("# Binaire\n\u{0}\n".utf8))
    }

    private static func page(title: String, location: String) -> String {
        """
        ---
        title: \(title)
        ms.assetid: 7a0f3c2e-0000-4000-8000-shardlinks
        ---
        # \(title)

        1. [HA](load-balancer-ha-ports-overview.md#nva), [Redis](../app-service/scripts/app-service-cli-app-service-redis.md?view=azure-cli-latest).
        2. [SSL](~/articles/azure-functions/scripts/functions-cli-configure-ssl-certificate.md), [sonde](load-balancer-custom-probe-overview), [ailleurs](../nowhere/missing.md).

            ```azurecli
            az group create --name myResourceGroup --location \(location)
            ```

        """
    }

    func run(_ command: String, _ arguments: [String] = []) -> (status: Int32, output: String, error: String) {
        runStepwise([command, "--root", root.path] + arguments)
    }

    /// Every Markdown document below `content/`, by path relative to it.
    func documents() throws -> [String] {
        let content = root.appendingPathComponent("content").path
        return try FileManager.default.subpathsOfDirectory(atPath: content)
            .filter { $0.hasSuffix(".md") && !$0.contains("/includes/") }.sorted()
    }
}
