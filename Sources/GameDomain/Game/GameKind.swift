/// The kinds of game GameNight understands, in the order the site lists them. The raw value is
/// the `game:` key of a game file and the name of the kind's page.
///
/// Adding a kind starts here: every `switch` over `GameKind` then tells the compiler where the
/// new kind needs its reader, its label and its standings (see docs/ARCHITECTURE.md).
public enum GameKind: String, CaseIterable, Sendable, Hashable, Codable, Comparable {
    case scores
    case bowling
    case fifteen

    /// Display order, which is declaration order.
    public static func < (lhs: GameKind, rhs: GameKind) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}
