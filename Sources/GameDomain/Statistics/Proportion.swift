#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A rate with its sample, "4 of 9", and the 95 % Wilson score interval around it: pages show
/// the sample and the interval so that a rate from a few plays does not pass for a fact.
public struct Proportion: Sendable, Hashable {
    public var successes: Int
    public var trials: Int

    public init(successes: Int, trials: Int) {
        self.successes = successes
        self.trials = trials
    }

    /// successes ÷ trials; nil without trials, or when the counts cannot be a rate (as `interval`).
    public var rate: Double? {
        trials > 0 && (0...trials).contains(successes) ? Double(successes) / Double(trials) : nil
    }

    /// The 95 % Wilson score interval; nil without trials.
    public var interval: ClosedRange<Double>? { Self.wilson(successes: successes, trials: trials) }

    /// The two-sided 95 % normal quantile, Φ⁻¹(0.975), as scipy's `norm.ppf(0.975)` gives it.
    public static let z95 = 1.959963984540054

    /// The Wilson score interval of `successes` in `trials` (Wilson 1927), as statsmodels'
    /// `proportion_confint(method: "wilson")` computes it:
    ///
    ///     centre = (p + z²/2n) / (1 + z²/n)
    ///     half   = z / (1 + z²/n) · √(p(1 − p)/n + z²/4n²)
    ///
    /// Unlike p ± z√(p(1−p)/n) it stays within 0…1 and is not empty at 0 or n successes, which
    /// is most of what a few plays give. Nil unless 0 ≤ successes ≤ trials and trials > 0.
    public static func wilson(successes: Int, trials: Int, z: Double = z95) -> ClosedRange<Double>? {
        guard trials > 0, successes >= 0, successes <= trials else { return nil }
        let n = Double(trials)
        let p = Double(successes) / n
        let z2 = z * z
        let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        let half = z / (1 + z2 / n) * sqrt(p * (1 - p) / n + z2 / (4 * n * n))
        // At 0 or n successes a bound is exactly 0 or 1, which rounding would miss by a hair.
        let lower = successes == 0 ? 0 : max(0, centre - half)
        let upper = successes == trials ? 1 : min(1, centre + half)
        return lower...upper
    }
}
