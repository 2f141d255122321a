import Foundation

/// A value guarded by a lock. Swift Testing runs tests in parallel, so shared run state
/// (counters, names in use, manifests) goes through this. `Mutex` needs macOS 15; we support 14.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
