/// A game with its results and outcome worked out once. Every page that lists a game, and every
/// statistic (the tallies, ratings, seats, score distributions), asks for them, and ranking a
/// game again for each was the largest part of deriving a site. A class: pages and builds copy
/// games about by the thousand, and a `Game` holds a score of references, each retained on a
/// copy, from every core at once; the box is one.
final class RankedGame: Sendable {
    let game: Game
    /// `game.results`: places only once the game is finished.
    let results: [PlayerResult]
    /// A score-keeper game's `game.outcome`, nil until the game is finished. A bowling game's
    /// and a puzzle's follow from their results alone, and are made when asked for: an array per
    /// side, kept for every game, was a thirtieth of a build's memory.
    private let scoreOutcome: GameOutcome?

    /// `game.outcome`: nil until the game is finished.
    var outcome: GameOutcome? {
        if case .scores = game.content { scoreOutcome } else { game.outcome(standings: nil, results: results) }
    }
    /// `game.winners` and `game.winnerNames`.
    let winners: [String], winnerNames: [String]

    init(_ game: Game) {
        self.game = game
        let ranked = game.ranked
        (results, winners, winnerNames) = (ranked.results, ranked.winners, ranked.winnerNames)
        scoreOutcome = if case .scores = game.content { ranked.outcome } else { nil }
    }

    /// `game` ranked as `ranked` was: the caller knows they have the same results (other notes,
    /// the same content in the same bytes).
    init(_ game: Game, as ranked: RankedGame) {
        self.game = game
        results = ranked.results
        scoreOutcome = ranked.scoreOutcome
        winners = ranked.winners
        winnerNames = ranked.winnerNames
    }
}
