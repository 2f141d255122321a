/// A 128-bit hash that is the same in every run and on every machine (`Hasher` is seeded per
/// process): the build cache keys game files and pages by it. Not cryptographic; the cache's
/// inputs are the user's own files.
struct Fingerprint: Sendable, Hashable, CustomStringConvertible {
    var high: UInt64
    var low: UInt64

    /// Lowercase hexadecimal, 32 digits.
    var description: String {
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(high) + hex(low)
    }

    /// The fingerprint of `bytes` alone.
    static func of(_ bytes: UnsafeRawBufferPointer) -> Fingerprint {
        var hasher = StableHasher()
        hasher.combine(bytes)
        return hasher.finalize()
    }
}

/// Builds a `Fingerprint` from bytes, strings and numbers, two lanes of 64 bits at a time
/// (the rounds and final mix of xxHash64). Every value is preceded by its length, so
/// ("ab", "c") and ("a", "bc") differ.
struct StableHasher {
    private var a: UInt64 = 0x9E37_79B1_85EB_CA87
    private var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private var count: UInt64 = 0

    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9

    @inline(__always)
    private static func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = lane &+ word &* prime2
        return ((mixed << 31) | (mixed >> 33)) &* prime1
    }

    @inline(__always)
    private mutating func mix(_ word: UInt64) {
        // Alternate lanes, so the two halves see different words.
        if count & 1 == 0 { a = Self.round(a, word) } else { b = Self.round(b, word ^ Self.prime3) }
        count &+= 1
    }

    mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        mix(UInt64(bytes.count))
        var offset = 0
        while offset + 8 <= bytes.count {
            mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        var tail: UInt64 = 0
        for (shift, byte) in bytes[offset...].enumerated() { tail |= UInt64(byte) << UInt64(8 * shift) }
        if offset < bytes.count { mix(tail) }
    }

    mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
    }

    mutating func combine(_ value: Int) { mix(UInt64(bitPattern: Int64(value))) }

    mutating func combine(_ value: UInt64) { mix(value) }

    mutating func combine(_ value: Bool) { mix(value ? 1 : 0) }

    mutating func combine(_ fingerprint: Fingerprint) {
        mix(fingerprint.high)
        mix(fingerprint.low)
    }

    func finalize() -> Fingerprint {
        func avalanche(_ value: UInt64) -> UInt64 {
            var hash = value
            hash ^= hash >> 33
            hash = hash &* Self.prime2
            hash ^= hash >> 29
            hash = hash &* Self.prime3
            return hash ^ (hash >> 32)
        }
        return Fingerprint(high: avalanche(a ^ count), low: avalanche(b ^ (a &* Self.prime1) ^ count))
    }
}
