public import GameDomain

extension SiteRenderer {
    /// A sheet's file name relative to the scorecard page: `<slug>-sheet-<n>.svg`, `n` the
    /// bowler's 1-based place in `players` (names never go into paths). Beside the page, not in
    /// a folder per game: folders cannot be hard-linked on a rebuild (see SiteStaging).
    public static func bowlingSheetName(for entry: SiteGame, player index: Int) -> String {
        "\(entry.slug)-sheet-\(index + 1).svg"
    }

    /// The standalone SVG score sheets of a bowling game, one per player; none for other games.
    public func bowlingSheets(_ entry: SiteGame) -> [SiteFile] {
        guard case .bowling(let game) = entry.game.content else { return [] }
        let winners = Set(game.winners.map(\.name))
        return game.players.indices.map { index in
            let player = game.players[index]
            let svg = BowlingSheet.svg(for: player, isWinner: winners.contains(player.name), gameTitle: entry.game.title, texts: texts)
            return SiteFile(path: "games/" + Self.bowlingSheetName(for: entry, player: index), contents: svg.render())
        }
    }
}
