import Foundation
public import Hummingbird
import HTTPTypes
public import NotifyUsersContract

/// The documented verifier: `AuthenticationRule.credentialRule` (user name equals password).
public struct DocumentedCredentialVerifier: AuthenticationTestHandlerProtocol, Sendable {
    public init() {}

    public func verifyUserAndPwd(user: String, password: String) -> Bool {
        AuthenticationRule.credentialRule(user: user, password: password)
    }
}

/// The documented `AuthenticationTestHandler`: Basic credentials checked by a replaceable verifier.
/// Deviation: a missing header is 401 and a malformed one 403 (the sample would fail with a server error).
public struct BasicAuthMiddleware: RouterMiddleware {
    public typealias Context = NotifyUsersRequestContext
    public var verifier: any AuthenticationTestHandlerProtocol & Sendable

    public init(verifier: any AuthenticationTestHandlerProtocol & Sendable = DocumentedCredentialVerifier()) {
        self.verifier = verifier
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let name = HTTPField.Name(Headers.authorization), let header = request.headers[name] else {
            throw HTTPError(.unauthorized, headers: [.wwwAuthenticate: AuthenticationRule.scheme], message: "missing \(Headers.authorization) header")
        }
        guard let (user, password) = Self.credentials(header), verifier.verifyUserAndPwd(user: user, password: password) else {
            throw HTTPError(.init(code: ContractStatus.forbidden.rawValue), message: "authentication failed")
        }
        var context = context
        context.user = user
        return try await next(request, context)
    }

    /// `Basic base64(user:password)` → (user, password), or nil when malformed.
    static func credentials(_ header: String) -> (String, String)? {
        let prefix = AuthenticationRule.scheme + " "
        guard header.count > prefix.count, header.prefix(prefix.count).lowercased() == prefix.lowercased(),
            let data = Data(base64Encoded: String(header.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces), options: .ignoreUnknownCharacters),
            let decoded = String(data: data, encoding: .utf8),
            let separator = decoded.range(of: AuthenticationRule.credentialSeparator)
        else { return nil }
        return (String(decoded[..<separator.lowerBound]), String(decoded[separator.upperBound...]))
    }
}
