import Foundation
@testable import StepwiseCommands
import Testing

/// A run's listing of its inputs (`RunRecord.Listing`) is its view of the files: the check cache
/// takes the stamps the listing took rather than stat the files again.
@Suite(.serialized) struct CheckCacheListingTests {
    @Test("a file edited after the run listed it is taken as listed (unchanged), and the next run, listing again, checks it afresh")
    func listingIsTheRunsView() throws {
        let setup = try CheckCacheBatchTests.Setup()
        let content = setup.project.content.path
        // Files written an hour ago: their stamps are trusted (a file modified just now is read again).
        for file in try FileManager.default.subpathsOfDirectory(atPath: content) {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: content + "/" + file)
        }
        let cold = try setup.cold { try setup.cache.check(setup.paths, loader: setup.loader) }
        #expect(cold.checked > 1)
        let listed = RunRecord.Listing([content])
        try setup.project.append(CheckCacheTests.german, "\nDas ist ein neuer Satz.\n")
        var asListed = setup.cache
        asListed.listing = listed
        let kept = try asListed.check(setup.paths, loader: setup.loader)
        #expect(kept.checked == 0, "the listing shows no change: \(kept.checked) of \(cold.checked)")
        var listedAgain = setup.cache
        listedAgain.listing = RunRecord.Listing([content])
        let again = try listedAgain.check(setup.paths, loader: setup.loader)
        #expect(again.checked >= 1 && again.checked < cold.checked, "the edited page (and its family) checked afresh, the others kept: \(again.checked) of \(cold.checked)")
        #expect(try again.report().findings == setup.cold { try setup.cache.check(setup.paths, loader: setup.loader).report().findings },
                "the report of a check of every document")
    }
}
