import Foundation
import Testing
@testable import TutorialModel

@Suite struct InlineSpanStorageTests {
    @Test("a span takes the room of its kind, its text and one reference: a link's or image's values are stored apart")
    func compactLayout() {
        #expect(MemoryLayout<InlineSpan>.stride <= 32)
    }

    @Test("a link's or image's values are the span's, whichever order they are given in")
    func values() {
        var image = InlineSpan.image(alt: "Diagram", destination: "media/a.png", title: "A title")
        #expect(image.destination == "media/a.png" && image.title == "A title" && image.children == nil)
        image.destination = nil
        #expect(image.destination == nil && image.title == "A title")
        var link = InlineSpan(kind: .link, text: "Portal", destination: "https://portal.azure.com")
        link.children = [image]
        #expect(link.destination == "https://portal.azure.com" && link.children == [image] && link.title == nil)
        var plain = link
        plain.destination = nil
        plain.children = nil
        #expect(plain == InlineSpan(kind: .link, text: "Portal"))
        #expect(plain.hashValue == InlineSpan(kind: .link, text: "Portal").hashValue)
        #expect(link != plain)
        #expect(link.destination == "https://portal.azure.com", "a copy given other values leaves the span as it was")
    }

    @Test("the JSON has the keys a span with stored optionals had: absent ones left out")
    func json() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var link = InlineSpan(kind: .link, text: "Portal", destination: "https://portal.azure.com")
        link.children = [InlineSpan.image(alt: "Logo", destination: "logo.png", title: "Azure")]
        let text = InlineSpan(kind: .text, text: "Sign in to the ")
        let data = try encoder.encode([text, link])
        #expect(String(decoding: data, as: UTF8.self) == #"[{"kind":"text","text":"Sign in to the "},{"children":[{"destination":"logo.png","kind":"image","text":"Logo","title":"Azure"}],"destination":"https:\/\/portal.azure.com","kind":"link","text":"Portal"}]"#)
        #expect(try JSONDecoder().decode([InlineSpan].self, from: data) == [text, link])
    }
}
