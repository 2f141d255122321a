import GameDomain

/// The example games `gamenight init` writes: one night, one game of each kind, each showing
/// what its kind can record.
enum ExampleGames {
    static func fileName(_ kind: GameKind) -> String {
        switch kind {
        case .scores: "wizard.md"
        case .bowling: "bowling.md"
        case .fifteen: "puzzle-race.md"
        }
    }

    static func text(_ kind: GameKind, day: String) -> String {
        switch kind {
        case .scores:
            """
            ---
            game: \(kind.rawValue)
            title: Wizard, four players
            boardgame: Wizard    # the board game it was (bgg: its BoardGameGeek id), for per-game statistics
            date: \(day)T19:30
            win: highest         # or lowest, for games like golf or hearts
            start: 0             # everyone's points before the first round
            players: [Ana, Ben, Chloé, Dev]
            rounds:              # each round: the points each player scored, negative allowed
              - {Ana: 30, Ben: 20, Chloé: -10, Dev: 20}
              - {Ana: -10, Ben: 40, Chloé: 30, Dev: 20}
              - {Ana: 50, Ben: -20, Chloé: 30, Dev: 40}
              - {Ana: 30, Ben: 50, Chloé: -20, Dev: 40}
            # Instead of rounds: `scores: {Ana: 120, Ben: 90, …}` (final points only), `ranks: {Ana: 1, …}`
            # (the order alone, or breaking a tie in points) or `winners: [Dev]`; teams with
            # `teams: {Red: [Ana, Ben], Blue: [Chloé, Dev]}`; for games all win or lose together,
            # `cooperative: true` and `result: won` or `lost`.
            ---
            Four rounds before the pizza arrived. **Dev** bid right every single round, took
            the lead in round 3 and never gave it back.

            - Ben's bid of three in round 3 cost him 20 points: the last wizard was Ana's.
            - Chloé swears she will never bid zero on a jester again.

            """
        case .bowling:
            """
            ---
            game: \(kind.rawValue)
            title: Bowling, lanes 3 and 4
            date: \(day)T21:00
            players:
              - name: Ana
                rolls: 9/ X 8- 7/ X X 9- (8)1 F/ X9/      # X strike, / spare, - miss, F foul, (8) a split
              - name: Ben
                rolls: X X 9/ X X X 8/ X X X9/
              - name: Chloé
                rolls: [7, 3, 9, 0, 10, 8, 2, 0, 9, 10, 10, 6, 3, 7, 2, 9, 1, 10]   # or pins, ball by ball
              - name: Dev
                rolls: 7/ 9- X 8/ F9 X X 63 (7)2 9/X
            ---
            **Ben** opened with two strikes and never looked back. Ana left the 7–10 split in
            the 8th frame (circled on her sheet) and still picked up one of the two pins.

            """
        case .fifteen:
            """
            ---
            game: \(kind.rawValue)
            title: 15-puzzle race, 3×3 warm-up
            date: \(day)T22:30
            start:                 # rows of tiles, _ for the blank; or a shuffle: {shuffle: {seed: 42}}
              - 8 1 3
              - 4 _ 2
              - 7 6 5
            players:
              - name: Ana
                moves: 2 5 6 7 4 8 1 2 8 4 7 8 5 6      # the tiles slid into the blank
                time: 41.2                               # seconds, or minutes:seconds
              - name: Ben
                moves: L U R2 D U D2 L U R U L D L U     # or the way each tile slides: U D L R
                time: 0:35
              - name: Dev
                moves: 2 5 6 7 4
            ---
            Everyone raced on the same board. Ana needed no move more than the optimum; Ben was
            quicker on the clock but took a wrong turn. Dev gave up when the pizza came.

            """
        }
    }
}
