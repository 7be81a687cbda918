public import Foundation

/// Device tokens and credentials as the iOS sample produces them.
public enum DeviceToken {
    /// `NSData`'s description: lower-case hex in groups of four bytes, in angle brackets (`<0a1b2c3d 4e5f>`).
    public static func description(of data: Data) -> String {
        let hex = data.map { String(format: "%02x", $0) }
        let groups = stride(from: 0, to: hex.count, by: 4).map { hex[$0..<min($0 + 4, hex.count)].joined() }
        return "<" + groups.joined(separator: " ") + ">"
    }

    /// The bytes of a hex string (spaces and angle brackets ignored); nil when it is not hex.
    public static func data(hex: String) -> Data? {
        let digits = Array(hex.filter { !" <>".contains($0) })
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(digits[index...index + 1]), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return Data(bytes)
    }
}

/// The Basic credentials the view controller builds at log-in
/// (`createAndSetAuthenticationHeaderWithUsername:AndPassword:`).
public enum Credentials {
    public static func authenticationHeader(username: String, password: String) -> String {
        Data("\(username):\(password)".utf8).base64EncodedString()
    }
}

/// Percent-encoding of query and path values: everything but unreserved characters.
public enum QueryEncoding {
    public static func encode(_ value: String) -> String {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }
}
