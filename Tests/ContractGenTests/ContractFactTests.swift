import ContractGen
import Foundation
import Testing

@Suite("Facts extracted from the bundled tutorial") struct ContractFactTests {
    @Test("facts by kind: routes, headers, JSON fields, platforms, statuses, tags, payloads, rules, declarations")
    func counts() throws {
        let counts = Dictionary(uniqueKeysWithValues: try ContractFixtures.bundled().factCounts.map { ($0.kind.rawValue, $0.count) })
        #expect(counts == ["route": 7, "header": 6, "json-field": 6, "platform": 7, "status": 8, "tag-format": 3, "payload": 3, "rule": 13, "declaration": 11])
    }

    @Test("every fact cites its file, line, section and (for step code) step")
    func sources() throws {
        for fact in try ContractFixtures.bundled().facts {
            #expect(fact.source.path == "content/en-us/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md")
            #expect(fact.source.line > 0 && !fact.source.section.isEmpty && fact.source.step != nil, "\(fact)")
        }
    }

    @Test("server routes with method, path, query and body, matched by the client's requests")
    func routes() throws {
        let output = try ContractFixtures.bundled()
        let server = output.contract.routes.filter { $0.side == .server }.map { "\($0.method) \($0.path) \($0.query) \($0.body ?? "-")" }
        #expect(server.sorted() == [
            "DELETE api/register/{id} [] -", "POST api/notifications [\"pns\", \"to_tag\"] message",
            "POST api/register [\"handle\"] -", "PUT api/register/{id} [] DeviceRegistration",
        ])
        #expect(output.contract.routes.filter { $0.side == .client }.count == 3)
        #expect(!output.diagnostics.contains { $0.id.hasPrefix("contract-route") || $0.id.hasSuffix("mismatch") })
    }

    @Test("status codes with the meaning read from where each is used")
    func statuses() throws {
        let statuses = try ContractFixtures.bundled().contract.statuses
        let byCode = Dictionary(grouping: statuses, by: \.code).mapValues { Set($0.map(\.meaning)) }
        #expect(Set(byCode.keys) == [200, 400, 403, 410, 500])
        #expect(byCode[400] == ["unknown platform"])
        #expect(byCode[403] == ["unauthorized: when verifyUserAndPwd(user, password) fails"])
        #expect(byCode[500] == ["when there is no outcome or the outcome state is Abandoned or Unknown"])
    }

    @Test("platforms, tag formats, payload templates and client rules")
    func vocabulary() throws {
        let contract = try ContractFixtures.bundled().contract
        #expect(Set(contract.platforms.filter { $0.role == "registration" }.map(\.value)) == ["mpns", "wns", "apns", "gcm"])
        #expect(Set(contract.tagFormats.map { "\($0.prefix)<\($0.placeholder)>" }) == ["username:<username>", "username:<to_tag>", "from:<user>"])
        #expect(contract.payloads.map(\.template.description).sorted() == [
            #"<toast><visual><binding template="ToastText01"><text id="1">From <sender>: <message></text></binding></visual></toast>"#,
            #"{ "data" : {"message":"From <sender>: <message>"}}"#, #"{"aps":{"alert":"From <sender>: <message>"}}"#,
        ])
        let rules = Set(contract.rules.map { "\($0.kind).\($0.name)=\($0.value)" })
        #expect(rules.isSuperset(of: [
            "storage.RegistrationIdLocalStorageKey=RegistrationId", "deviceToken.trimCharacters=<>", "deviceToken.removeString= ",
            "deviceToken.uppercase=true", "registrationId.stripEnclosingCharacters=1", "retry.retryStatus=410", "retry.maxRetries=1",
            "auth.credentialRule=user == password", "auth.scheme=Basic", "auth.credentialSeparator=:", "message.bodyFormat=json-string",
        ]))
    }

    @Test("what the analysis cannot derive is a diagnostic, not an invented fact")
    func missingFacts() throws {
        let output = try ContractFixtures.miniOutput()
        let missing = output.diagnostics.filter { $0.id == "contract-fact-missing" }.map(\.summary)
        #expect(missing.contains { $0.contains("the retry rule") })
        #expect(missing.contains { $0.contains("the registration id storage key") })
        #expect(output.contract.rules.isEmpty)
        #expect(!output.files.contains { $0.contents.contains("RetryRule") })
    }
}
