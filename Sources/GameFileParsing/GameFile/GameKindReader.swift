import GameDomain

/// One game kind's part of the front matter: the keys it adds and how they become a game.
/// `GameFileParser.reader(for:)` picks the one for each `GameKind`.
protocol GameKindReader: Sendable {
    /// The keys this kind reads besides the common ones.
    static var keys: [String] { get }
    static func read(_ fields: Fields, status: GameStatus, reader: inout GameFileReader) -> Game.Content?
}
