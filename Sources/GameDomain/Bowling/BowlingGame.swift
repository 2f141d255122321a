/// A bowling game: each player's line and where the game stands.
public struct BowlingGame: Sendable, Hashable {
    public struct Player: Sendable, Hashable {
        public var name: String
        public var line: BowlingLine

        public init(name: String, line: BowlingLine) {
            self.name = name
            self.line = line
        }
    }

    public var players: [Player]
    public var status: GameStatus

    public init(players: [Player], status: GameStatus) {
        self.players = players
        self.status = status
    }

    /// The players with the highest total among complete lines; several on a tie, none unless finished.
    public var winners: [Player] {
        guard status == .finished, let best = players.compactMap(\.line.total).max() else { return [] }
        return players.filter { $0.line.total == best }
    }

    /// One result per complete line, for standings; none unless the game is finished.
    public func results(on date: String) -> [BowlingResult] {
        guard status == .finished else { return [] }
        return players.compactMap { player in
            player.line.total.map { BowlingResult(player: player.name, date: date, total: $0) }
        }
    }
}
