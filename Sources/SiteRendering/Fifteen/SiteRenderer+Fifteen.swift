public import GameDomain

extension SiteRenderer {
    /// The start board's file name relative to the scorecard page: `<slug>-start.svg`.
    public static func puzzleStartName(for entry: SiteGame) -> String { "\(entry.slug)-start.svg" }

    /// A replay's file name relative to the scorecard page: `<slug>-replay-<n>.svg`, `n` the
    /// player's 1-based position in the game file (names never go into paths).
    public static func puzzleReplayName(for entry: SiteGame, player index: Int) -> String {
        "\(entry.slug)-replay-\(index + 1).svg"
    }

    /// The standalone SVG files of a puzzle game: the start board and one replay per player.
    public func puzzleFiles(_ entry: SiteGame) -> [SiteFile] {
        guard case .fifteen(let game) = entry.game.content else { return [] }
        let title = entry.game.title
        let start = PuzzleBoardSVG.board(game.start, title: texts.format(.startBoardTitle, ["title": title]), caption: texts[.start], texts: texts)
        return [SiteFile(path: "games/" + Self.puzzleStartName(for: entry), contents: start.render())]
            + game.players.indices.map { index in
                let player = game.players[index]
                let svg = PuzzleReplaySVG.svg(player.replay, player: player.name, gameTitle: title, texts: texts)
                return SiteFile(path: "games/" + Self.puzzleReplayName(for: entry, player: index), contents: svg.render())
            }
    }
}
