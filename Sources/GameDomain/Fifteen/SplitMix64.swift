/// SplitMix64 (Steele, Lea & Flood 2014): the seeded generator behind reproducible shuffles.
///
/// Exactly, with wrapping 64-bit arithmetic:
///
///     state = state &+ 0x9E3779B97F4A7C15
///     z = state
///     z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
///     z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
///     return z ^ (z >> 31)
///
/// The state starts at the seed. Seed 0 gives 0xE220A8397B1DCDAF first. Only integer
/// arithmetic, so every platform produces the same stream.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    public private(set) var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound`, without modulo bias (`0` when `bound` is 0 or 1).
    ///
    /// Draws are rejected while they fall below `2⁶⁴ mod bound`; the remaining range is a
    /// whole multiple of `bound`, so `draw % bound` is uniform. (Not the standard library's
    /// `random(in:using:)`, whose algorithm is not promised to stay the same.)
    public mutating func bounded(_ bound: UInt64) -> UInt64 {
        guard bound > 1 else { return 0 }
        let threshold = (0 &- bound) % bound  // 2⁶⁴ mod bound
        while true {
            let draw = next()
            if draw >= threshold { return draw % bound }
        }
    }
}
