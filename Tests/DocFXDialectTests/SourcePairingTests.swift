import DocFXDialect
import Testing

/// Which source a translation is compared with: its path when the asset ids agree, an asset id only
/// when the path does not (as in the corpus, where quickstarts share a copied `ms.assetid`).
@Suite struct SourcePairingTests {
    var pairing: SourcePairing<String> {
        var pairing = SourcePairing<String>()
        // Three French quickstarts that copied one asset id, in path order; an overview with its own.
        pairing.add("fr/create-graph-dotnet", path: "create-graph-dotnet.md", assetID: "daacbabf")
        pairing.add("fr/create-graph-java", path: "create-graph-java.md", assetID: "daacbabf")
        pairing.add("fr/create-graph-nodejs", path: "create-graph-nodejs.md", assetID: "daacbabf")
        pairing.add("fr/ha-ports-overview", path: "ha-ports-overview.md", assetID: "1111")
        pairing.add("fr/custom-probe", path: "custom-probe.md", assetID: "2222")
        pairing.add("fr/no-asset", path: "no-asset.md", assetID: nil)
        return pairing
    }

    @Test("the same path wins when the asset ids agree, even if other sources share the asset id")
    func samePath() {
        #expect(pairing.source(path: "create-graph-java.md", assetID: "daacbabf") == "fr/create-graph-java")
        #expect(pairing.source(path: "create-graph-nodejs.md", assetID: "daacbabf") == "fr/create-graph-nodejs")
        #expect(pairing.source(path: "no-asset.md", assetID: "9999") == "fr/no-asset", "a source without an asset id pairs by path")
        #expect(pairing.source(path: "custom-probe.md", assetID: nil) == "fr/custom-probe", "a variant without an asset id pairs by path")
    }

    @Test("the asset id finds a page renamed in translation; else the path; else nothing")
    func assetID() {
        #expect(pairing.source(path: "renamed.md", assetID: "2222") == "fr/custom-probe")
        // The path exists but names another page (asset ids disagree): the asset id wins.
        #expect(pairing.source(path: "ha-ports-overview.md", assetID: "2222") == "fr/custom-probe")
        #expect(pairing.source(path: "ha-ports-overview.md", assetID: "unknown") == "fr/ha-ports-overview")
        #expect(pairing.source(path: "renamed.md", assetID: "daacbabf") == "fr/create-graph-dotnet", "first added")
        #expect(pairing.source(path: "nowhere.md", assetID: nil) == nil)
    }
}
