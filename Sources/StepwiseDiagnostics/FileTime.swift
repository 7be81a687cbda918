public import Foundation

/// File times as the stamps compare them.
public enum FileTime {
    /// `time` as nanoseconds since 1970 (a function, not an extension of `timespec`: the C type is
    /// imported through more than one module, and an extension of it is not seen from every one).
    public static func nanoseconds(_ time: timespec) -> Int {
        Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }
}
