/// A game with its results and outcome worked out once. Every page that lists a game, and every
/// statistic (the tallies, ratings, seats, score distributions), asks for them, and ranking a
/// game again for each was the largest part of deriving a site. A class: pages and builds copy
/// games about by the thousand, and a `Game` holds a score of references, each retained on a
/// copy, from every core at once; the box is one.
final class RankedGame: Sendable {
    let game: Game
    /// `game.results`: places only once the game is finished.
    let results: [PlayerResult]
    /// `game.outcome`: nil until the game is finished.
    let outcome: GameOutcome?
    /// `game.winners` and `game.winnerNames`.
    let winners: [String], winnerNames: [String]

    init(_ game: Game) {
        self.game = game
        (outcome, results, winners, winnerNames) = game.ranked
    }

    /// `game` ranked as `ranked` was: the caller knows they have the same results (other notes,
    /// the same content in the same bytes).
    init(_ game: Game, as ranked: RankedGame) {
        self.game = game
        results = ranked.results
        outcome = ranked.outcome
        winners = ranked.winners
        winnerNames = ranked.winnerNames
    }
}
