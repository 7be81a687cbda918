@testable import DocFXDialect
import StepwiseDiagnostics
import Testing

@Suite struct MetadataReaderTests {
    @Test("YAML front matter is decoded into typed values (lines from the Swedish seed)")
    func yamlFrontMatter() throws {
        let meta = try metadata("""
            ---
            title: "aaaAzure Meddelandeanvändare Notification Hubs för iOS med .NET-serverdel"
            author: ysxu
            ms.assetid: 1f7d1410-ef93-4c4b-813b-f075eed20082
            ms.date: 10/03/2016
            ms.openlocfilehash: 56aed5b04d2d985b3f0e50c58991607f07b61248
            ms.translationtype: MT
            ms.contentlocale: sv-SE
            ---
            # <a name="x"></a>Titel
            """)
        #expect(meta.format == .yamlFrontMatter)
        #expect(meta.title == "aaaAzure Meddelandeanvändare Notification Hubs för iOS med .NET-serverdel")
        #expect(meta.author == "ysxu")
        #expect(meta.assetID == "1f7d1410-ef93-4c4b-813b-f075eed20082")
        #expect(meta.date == "10/03/2016")
        #expect(meta.openLocFileHash == "56aed5b04d2d985b3f0e50c58991607f07b61248")
        #expect(meta.translationType == "MT")
        #expect(meta.contentLocale == "sv-SE")
        #expect(meta.lines == [1...9])
    }

    @Test("an empty value is absent, never the word <null>: empty asset ids must not pair documents")
    func emptyValues() throws {
        // As in the corpus: CRLF lines, `ms.assetid:` with nothing after it, an ISO date.
        let meta = try metadata("---\ntitle: Servicio conectado\r\nms.assetid: \r\nms.workload:\r\nms.date: 2017-09-19\r\n---\n# T\n")
        #expect(meta.assetID == nil)
        #expect(meta.values["ms.workload"] == "")
        #expect(meta.date == "2017-09-19")
        #expect(meta.title == "Servicio conectado")
    }

    @Test("<properties> and <tags> headers over several lines (English 2015 seed)")
    func propertiesAndTags() throws {
        let meta = try metadata("""
            <properties
                pageTitle="Azure Notification Hubs Notify Users for iOS with .NET backend"
                authors="wesmc7777"
                services="notification-hubs"/>

            <tags
                ms.service="notification-hubs"
                ms.date="12/16/2015"
                ms.author="wesmc"/>

            # Azure Notification Hubs Notify Users for iOS with .NET backend
            """)
        #expect(meta.format == .propertiesAndTags)
        #expect(meta.title == "Azure Notification Hubs Notify Users for iOS with .NET backend")
        #expect(meta.author == "wesmc7777")
        #expect(meta.date == "12/16/2015")
        #expect(meta.lines == [1...4, 6...9])
    }

    @Test("a one-line <properties> header (older edition)")
    func oneLineProperties() throws {
        let meta = try metadata("<properties title=\"Azure Notification Hubs Notify Users\" pageTitle=\"Azure Notification Hubs Notify Users\" authors=\"glenga\" />\n\n<tags ms.service=\"notification-hubs\" ms.date=\"01/01/1900\" />\n\n#Azure Notification Hubs Notify Users\n")
        #expect(meta.title == "Azure Notification Hubs Notify Users")
        #expect(meta.date == "01/01/1900")
        #expect(meta.lines == [1...1, 3...3])
    }

    @Test("unterminated front matter is an error at line 1")
    func unterminatedFrontMatter() {
        #expect(throws: StepwiseError.self) { try metadata("---\ntitle: x\n\n# Title\n") }
        do {
            _ = try metadata("---\ntitle: x\n")
        } catch {
            #expect(error.diagnostic.id == "front-matter-unterminated")
            #expect(error.description == "doc.md:1:1: error: front matter starting here is never closed")
        }
    }

    @Test("malformed YAML is an error at the line of the problem")
    func malformedYAML() {
        do {
            _ = try metadata("---\ntitle: ok\nauthor: [unclosed\nother: x\n---\n# T\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostic.id == "front-matter-invalid")
            #expect((error.diagnostic.location?.line ?? 0) >= 3)
        }
    }
}
