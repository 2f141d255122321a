#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A player's skill as the Weng–Lin Bayesian rating sees it: a mean and its uncertainty.
public struct SkillRating: Sendable, Hashable, Codable {
    public var mu: Double
    public var sigma: Double

    public init(mu: Double, sigma: Double) {
        self.mu = mu
        self.sigma = sigma
    }

    /// The displayed number: μ − 3σ, a skill the player has with about 99.7 % confidence.
    public var ordinal: Double { mu - 3 * sigma }
}

/// OpenSkill's Weng–Lin rating with the Plackett–Luce model, exactly as the `openskill` Python
/// package 6.x computes it with `PlackettLuce()`'s defaults (μ 25, σ 25/3, β 25/6, κ 0.0001,
/// τ 25/300, γ = σ_team / c, no balancing, no σ limit, no weights, ranks rather than scores).
/// Tests compare it with that package's numbers (Tests/GameDomainTests/Fixtures/ratings).
public struct OpenSkill: Sendable {
    public var mu = 25.0
    public var sigma = 25.0 / 3
    public var beta = 25.0 / 6
    public var kappa = 0.0001
    public var tau = 25.0 / 300

    public init() {}

    /// A new player's rating.
    public var initial: SkillRating { SkillRating(mu: mu, sigma: sigma) }

    /// The ratings after one match: `teams[i]` placed `places[i]` (1 is best; equal places tie).
    /// Needs two teams or more, each with a player; the result has the shape of `teams`.
    public func rate(_ teams: [[SkillRating]], places: [Int]) -> [[SkillRating]] {
        guard teams.count >= 2, places.count == teams.count, teams.allSatisfy({ !$0.isEmpty }) else { return teams }
        // τ widens every σ before the match (the package's dynamics factor).
        let widened = teams.map {
            $0.map { SkillRating(mu: $0.mu, sigma: ($0.sigma * $0.sigma + tau * tau).squareRoot()) }
        }
        // The package sorts teams by place (a stable sort) and computes in that order; the
        // sums below depend on it only through rounding, which 1e-9 would not forgive everywhere.
        let order = teams.indices.sorted { (places[$0], $0) < (places[$1], $1) }
        let rank = order.map { places[$0] }
        // Team sums run over the players by ordinal, best first, as the package adds them.
        let byOrdinal = order.map { team in
            widened[team].indices.sorted { (-widened[team][$0].ordinal, $0) < (-widened[team][$1].ordinal, $1) }.map {
                widened[team][$0]
            }
        }
        let teamMu = byOrdinal.map { $0.reduce(0) { $0 + $1.mu } }
        let teamSigma2 = byOrdinal.map { $0.reduce(0) { $0 + $1.sigma * $1.sigma } }
        let c = teamSigma2.reduce(0) { $0 + ($1 + beta * beta) }.squareRoot()
        let strength = teamMu.map { exp($0 / c) }
        // sumQ[q]: the strengths of the teams placed at q's place or below.
        var sumQ = [Double](repeating: 0, count: order.count)
        for i in order.indices {
            for q in order.indices where rank[i] >= rank[q] { sumQ[q] += strength[i] }
        }
        let tied = order.indices.map { i in order.indices.count { rank[$0] == rank[i] } }
        var result = teams
        for i in order.indices {
            var omega = 0.0
            var delta = 0.0
            for q in order.indices where rank[q] <= rank[i] {
                let share = strength[i] / sumQ[q]
                delta += share * (1 - share) / Double(tied[q])
                omega += (q == i ? 1 - share : -share) / Double(tied[q])
            }
            omega *= teamSigma2[i] / c
            delta *= teamSigma2[i] / (c * c)
            delta *= teamSigma2[i].squareRoot() / c
            // The package averages the μ change of tied teams, but compares each rating with
            // itself after updating it in place, so the average is of zeros: it changes nothing.
            result[order[i]] = widened[order[i]].map { player in
                let share = player.sigma * player.sigma / teamSigma2[i]
                return SkillRating(
                    mu: player.mu + share * omega,
                    sigma: player.sigma * max(1 - share * delta, kappa).squareRoot())
            }
        }
        return result
    }
}
