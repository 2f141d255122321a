/// One row of a score-keeper game's standings: a player on their own, or a team.
public struct ScoreStanding: Sendable, Hashable {
    /// 1 is first; equal sides share a place (1, 1, 3).
    public var place: Int
    /// The team's name; nil for a player on their own.
    public var team: String?
    public var players: [String]
    /// The side's points (a team's players' added up); nil when the game keeps no points.
    public var total: Int?

    public init(place: Int, team: String? = nil, players: [String], total: Int?) {
        self.place = place
        self.team = team
        self.players = players
        self.total = total
    }

    /// The team's name, or the player's.
    public var name: String { team ?? players.first ?? "" }
}
