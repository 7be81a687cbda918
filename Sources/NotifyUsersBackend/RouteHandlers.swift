import Foundation
import Hummingbird
import NotifyUsersContract

/// Adapts HTTP requests to the controllers: reads query, path and body as the contract names them.
struct RouteHandlers: Sendable {
    var register: RegisterController
    var notifications: NotificationsController

    @Sendable func registerPost(_ request: Request, context: NotifyUsersRequestContext) async throws -> Response {
        let handle = request.uri.queryParameters[Routes.registerPost.query[0][...]].map(String.init)
        let id = try await register.post(handle: handle)
        let body = try JSONEncoder().encode(id)
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    @Sendable func registerPut(_ request: Request, context: NotifyUsersRequestContext) async throws -> Response {
        let id = try context.parameters.require(Routes.registerPut.pathParameters()[0])
        let registration: DeviceRegistration
        do {
            registration = try await request.decode(as: DeviceRegistration.self, context: context)
        } catch {
            throw ContractError(.badRequest, "the body is not a \(Routes.registerPut.body ?? "registration")")
        }
        return Response(status: status(try await register.put(id: id, deviceUpdate: registration, user: try user(context))))
    }

    @Sendable func registerDelete(_ request: Request, context: NotifyUsersRequestContext) async throws -> Response {
        let id = try context.parameters.require(Routes.registerDelete.pathParameters()[0])
        return Response(status: status(try await register.delete(id: id, user: try user(context))))
    }

    @Sendable func notificationsPost(_ request: Request, context: NotifyUsersRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let names = Routes.notificationsPost.query
        guard names.count == 2, let pns = query[names[0][...]], let toTag = query[names[1][...]] else {
            throw ContractError(.badRequest, "missing query parameters \(names)")
        }
        var request = request
        let bytes = try await request.collectBody(upTo: context.maxUploadSize)
        guard let message = try? JSONDecoder().decode(String.self, from: Data(buffer: bytes)) else {
            throw ContractError(.badRequest, "the body is not a JSON string")
        }
        let result = try await notifications.post(pns: String(pns), message: message, toTag: String(toTag), user: try user(context))
        return Response(status: status(result))
    }

    private func user(_ context: NotifyUsersRequestContext) throws -> String {
        guard let user = context.user else { throw ContractError(.forbidden, "not authenticated") }
        return user
    }

    private func status(_ status: ContractStatus) -> HTTPResponse.Status {
        HTTPResponse.Status(code: status.rawValue)
    }
}
