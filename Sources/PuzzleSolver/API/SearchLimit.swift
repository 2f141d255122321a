/// How much work one solve may do before it gives up and reports "not computed".
///
/// Every search is bounded: with no `seconds`, boards up to 4×4 get `defaultSeconds`, and
/// 5×5 and larger are not searched at all (they can take hours), so the caller has to opt in
/// by giving a time limit.
public struct SearchLimit: Sendable, Hashable, Codable {
    /// Wall-clock budget in seconds; `nil` for the default.
    public var seconds: Double?
    /// Budget of generated nodes; `nil` for no node limit (the time limit still applies).
    public var nodes: Int?

    public init(seconds: Double? = nil, nodes: Int? = nil) {
        self.seconds = seconds
        self.nodes = nodes
    }

    /// The default: `defaultSeconds` for boards up to 4×4, large boards not computed.
    public static let standard = SearchLimit()

    /// The time budget when none is given, for boards up to 4×4.
    public static let defaultSeconds = 60.0
}
