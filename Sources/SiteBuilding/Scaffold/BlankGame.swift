import Foundation
import GameDomain
import GameFileParsing
import SiteRendering

/// The game file `gamenight new` writes: the kind's keys, with what to write in comments.
enum BlankGame {
    static func text(_ kind: GameKind, title: String, players: [String], date: String) -> String {
        var text = """
            ---
            game: \(kind.rawValue)
            title: \(yamlText(title))
            date: \(date)
            status: playing    # setup, playing or finished: winners are shown once it is finished
            # draft: true      # leaves the game out of the site unless built with --drafts

            """
        let names = players.isEmpty ? ["Ana", "Ben"] : players
        switch kind {
        case .scores:
            text += """
                win: highest       # or lowest
                start: 0           # everyone's points before the first round
                players: [\(players.map(yamlText).joined(separator: ", "))]
                rounds:            # one line per round; a player may sit a round out
                #  - {\(names.map { "\(yamlText($0)): 0" }.joined(separator: ", "))}
                # Instead of rounds: `scores: {A: 42, B: 37}` (final points only), `ranks: {A: 1, B: 2}`
                # (the order alone, or breaking a tie in points) or `winners: [A]`;
                # `cooperative: true` with `result: won` or `lost`; `teams: {Red: [A, B], Blue: [C, D]}`.
                # boardgame: Catan  # the board game it was, for per-game statistics (bgg: 13, its BoardGameGeek id)

                """
        case .bowling:
            text += list(
                players, example: names,
                of: """
                    - name: NAME
                      rolls:           # e.g. X 7/ 9- (8)1 F/ … : X strike, / spare, - miss, F foul, (8) a split

                    """)
        case .fifteen:
            text += """
                size: 4            # 3 to 8
                start:             # a shuffle, or rows of tiles with _ for the blank (- 1 2 3)
                  shuffle: {seed: \(seed(title + date))}

                """
            text += list(
                players, example: names,
                of: """
                    - name: NAME
                      moves:           # the tiles slid into the blank (12 8 4) or the way they slide (R3 U L)
                      time:            # seconds (74.5) or minutes:seconds (1:14.5)

                    """)
        }
        return text + "---\nNotes in Markdown.\n"
    }

    /// `players:` with one entry per player; with no player given, `[]` and the entries of
    /// example names commented out, so that the file parses as it is and again once the user
    /// deletes the `[]` and uncomments them.
    static func list(_ players: [String], example: [String], of entry: String) -> String {
        let entries = (players.isEmpty ? example : players).map {
            entry.replacingOccurrences(of: "NAME", with: yamlText($0))
        }
        let lines = entries.joined().split(separator: "\n").map { (players.isEmpty ? "#  " : "  ") + $0 }
        let head =
            players.isEmpty
            ? "players: []        # to add players: delete the [] and uncomment these lines" : "players:"
        return ([head] + lines).joined(separator: "\n") + "\n"
    }

    /// A shuffle seed from the title and date: a different board per game, the same on rewriting.
    static func seed(_ text: String) -> UInt32 {
        (UInt32(Slug.fnv1a(text), radix: 16) ?? 0) % 100_000
    }
}
