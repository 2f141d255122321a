import GameDomain

/// One game kind's part of the front matter: the keys it adds and how they become a game.
/// Adding a game kind means one conforming type and a line in `GameFileParser.kinds`.
protocol GameKindReader: Sendable {
    /// The value of `game:` that selects this kind.
    static var kind: String { get }
    /// The keys this kind reads besides the common ones.
    static var keys: [String] { get }
    static func read(_ fields: Fields, status: GameStatus, reader: inout GameFileReader) -> Game.Content?
}
