import GameDomain

extension SiteRenderer {
    /// A sheet's file name relative to the scorecard page: `<slug>/<n>-<name>.svg`. The game's
    /// slug makes the folder unique in the site and `n` (the player's 1-based place) the file
    /// unique in the game; the name part only helps a reader and is reduced to `a-z0-9-`.
    public static func bowlingSheetName(for entry: SiteGame, player index: Int) -> String {
        var name = ""
        if case .bowling(let game) = entry.game.content, game.players.indices.contains(index) {
            for scalar in game.players[index].name.lowercased().unicodeScalars.prefix(32) {
                if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                    name.unicodeScalars.append(scalar)
                } else if !name.isEmpty, name.last != "-" {
                    name += "-"
                }
            }
        }
        while name.hasSuffix("-") { name.removeLast() }
        return "\(entry.slug)/\(index + 1)\(name.isEmpty ? "" : "-" + name).svg"
    }

    /// The standalone SVG score sheets of a bowling game, one per player; none for other games.
    public func bowlingSheets(_ entry: SiteGame) -> [SiteFile] {
        guard case .bowling(let game) = entry.game.content else { return [] }
        let winners = Set(game.winners.map(\.name))
        return game.players.indices.map { index in
            let player = game.players[index]
            let svg = BowlingSheet.svg(for: player, isWinner: winners.contains(player.name), gameTitle: entry.game.title)
            return SiteFile(path: "games/" + Self.bowlingSheetName(for: entry, player: index), contents: svg.render())
        }
    }
}
