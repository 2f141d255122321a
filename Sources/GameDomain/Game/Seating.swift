/// Who went first and where everyone sat, as a game file's `first:` and `seats:` say.
public struct Seating: Sendable, Hashable {
    /// The player who went first; nil when only the seats are known.
    public var first: String?
    /// Every player in table order, in the direction of play; empty when not known.
    public var seats: [String]

    public init(first: String? = nil, seats: [String] = []) {
        self.first = first
        self.seats = seats
    }

    /// `first`, else whoever sits in the first seat listed.
    public var firstPlayer: String? { first ?? seats.first }

    /// The players in turn order: the table from the first player round, so seat 1 went first,
    /// seat 2 second, and so on. Empty without seats.
    public var turnOrder: [String] {
        guard let first = firstPlayer else { return [] }
        let identity = PlayerName.identity(of: first)
        let start = seats.firstIndex { PlayerName.identity(of: $0) == identity } ?? 0
        return Array(seats[start...] + seats[..<start])
    }
}
