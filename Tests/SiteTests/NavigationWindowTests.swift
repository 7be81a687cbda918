@testable import Site
import Testing

/// The folder list of a page no table of contents lists: the page and its nearest neighbours.
@Suite struct NavigationWindowTests {
    @Test("a long folder shows 25 pages around the page, with the cut ends marked; a short one is whole")
    func window() {
        let pages = Array(0..<100)
        let middle = TutorialPageBuilder.window(pages, around: 50)
        #expect(Array(middle.items) == Array(38...62) && middle.before && middle.after)
        let start = TutorialPageBuilder.window(pages, around: 2)
        #expect(Array(start.items) == Array(0...24) && !start.before && start.after, "near an end the window stays 25 pages long")
        let end = TutorialPageBuilder.window(pages, around: 99)
        #expect(Array(end.items) == Array(75...99) && end.before && !end.after)
        let short = TutorialPageBuilder.window(Array(0..<10), around: 3)
        #expect(Array(short.items) == Array(0..<10) && !short.before && !short.after)
        #expect(Array(TutorialPageBuilder.window(pages, around: nil).items) == pages, "no position: the whole folder")
    }
}
