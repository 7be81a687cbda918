public import NotifyUsersContract

/// A handler's failure with the documented status it answers with.
public struct ContractError: Error, Hashable, Sendable {
    public var status: ContractStatus
    public var reason: String

    public init(_ status: ContractStatus, _ reason: String) {
        self.status = status
        self.reason = reason
    }
}
