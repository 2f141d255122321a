/// FNV-1a, 64-bit: offset basis 0xcbf29ce484222325, prime 0x100000001b3, one byte at a time.
/// A checksum that is the same on every machine, for files GameNight writes and reads back
/// (solver caches, imported game files); it detects damage and edits, not tampering.
public struct FNV1a64: Sendable {
    @usableFromInline var state: UInt64 = 0xCBF2_9CE4_8422_2325

    public var value: UInt64 { state }

    public init() {}

    /// Inlinable: the solver sums megabytes of pattern database through it.
    @inlinable
    public mutating func combine(_ bytes: some Collection<UInt8>) {
        var hash = state
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        state = hash
    }

    /// The value as 16 lowercase hexadecimal digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
