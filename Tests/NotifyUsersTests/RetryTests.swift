import Foundation
import NotifyUsersBackend
import NotifyUsersClient
import NotifyUsersContract
import Testing

@Suite("Retry on 410 Gone") struct RetryTests {
    @Test("Modify your iOS app, step 7: on 410 the client forgets the stored id and retries once with a new one")
    func retriesWithNewId() async throws {
        try await Loopback.run { server in
            let store = InMemoryKeyValueStore()
            let (client, transport) = server.client(user: "bob", store: store)
            try await client.register(withDeviceToken: Sample.token, tags: [])
            let stale = try #require(store.string(forKey: "RegistrationId"))
            await server.hub.expire(stale)
            try await client.register(withDeviceToken: Sample.token, tags: [])
            let fresh = try #require(store.string(forKey: "RegistrationId"))
            #expect(fresh != stale)
            #expect(transport.count("POST", Routes.registerPost) == 2)
            #expect(transport.count("PUT", Routes.registerPut) == 3)
            #expect(await server.hub.registrations.keys.sorted() == [fresh])
        }
    }

    @Test("Modify your iOS app, step 7: after one retry the client gives up with the status")
    func givesUpAfterOneRetry() async throws {
        try await Loopback.run { server in
            await server.hub.answerGoneForEveryUpdate()
            let (client, transport) = server.client(user: "bob")
            await #expect(throws: RegisterClientError.status(410)) { try await client.register(withDeviceToken: Sample.token, tags: []) }
            #expect(transport.count("PUT", Routes.registerPut) == 2)
        }
    }
}
