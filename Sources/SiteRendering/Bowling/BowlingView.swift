import GameDomain

/// What `bowling.mustache` shows. Templates see its stored properties (through `Encodable`).
struct BowlingView: Encodable {
    /// One sheet, an inline `<svg>` (its `<title>` names it for screen readers).
    struct Sheet: Encodable {
        var svg: String
        var winner: Bool
    }
    struct Cell: Encodable {
        var marks: String
        var score: String
    }
    struct Row: Encodable {
        var player: String
        var winner: Bool
        var cells: [Cell]
        var total: String
    }

    var sheets: [Sheet]
    var frameNumbers: [Int]
    /// The same sheets as a table, for screen readers, copying and print.
    var rows: [Row]

    init(_ game: BowlingGame, entry: SiteGame, texts: SiteTexts) {
        let winners = Set(game.winners.map(\.name))
        sheets = game.players.indices.map { index in
            let player = game.players[index]
            let isWinner = winners.contains(player.name)
            let sheet = BowlingSheet.svg(
                for: player, isWinner: isWinner, gameTitle: entry.game.title, styled: index == 0, texts: texts)
            return Sheet(svg: sheet.render(), winner: isWinner)
        }
        frameNumbers = Array(1...10)
        rows = game.players.map { player in
            Row(
                player: player.name, winner: winners.contains(player.name),
                cells: player.line.frames.map {
                    Cell(marks: $0.marks.joined(separator: " "), score: $0.runningTotal.map(String.init) ?? "-")
                },
                total: player.line.total.map(String.init) ?? "-"
            )
        }
    }
}

/// Bowling standings over every finished bowling game.
struct BowlingStandingsView: Encodable {
    struct Row: Encodable {
        var player: String
        var href: String
        var games: Int
        var average: Int
        var highGame: Int
        var highSeries: Int
        /// With a handicap setting: the bowler's handicap now, and their average with handicap.
        var handicap: Int? = nil
        var withHandicap: Int? = nil
    }

    var rows: [Row]
    /// With a handicap setting, how it is computed; the table then shows both averages.
    var handicapNote: String?
    /// Bowlers in the full standings, `rows` may hold fewer.
    var total: Int

    /// Nil when no bowling game is finished. `standings` name players with the spelling of their
    /// earliest game; a series is one player's games on one day.
    init?(_ standings: [BowlingStanding], catalog: SiteCatalog, limit: Int = .max, texts: SiteTexts) {
        guard !standings.isEmpty else { return nil }
        total = standings.count
        var rows = standings.map {
            Row(
                player: $0.player, href: catalog.playerPath($0.player), games: $0.games, average: $0.average,
                highGame: $0.highGame, highSeries: $0.highSeries)
        }
        if let handicap = catalog.statistics.settings.handicap {
            handicapNote = texts.format(
                .handicapNote, ["percentage": "\(handicap.percentage)", "basis": "\(handicap.basis)"])
            for index in rows.indices {
                let bowler = catalog.statistics.player(PlayerName.identity(of: rows[index].player))?.bowling
                rows[index].handicap = handicap.pins(average: bowler?.average)
                rows[index].withHandicap = bowler?.handicapAverage ?? rows[index].average
            }
            // Handicap standings: best average with handicap first; the sort is stable.
            rows = rows.enumerated().sorted {
                ($1.element.withHandicap ?? 0, $0.offset) < ($0.element.withHandicap ?? 0, $1.offset)
            }.map(\.element)
        }
        self.rows = Array(rows.prefix(limit))
    }
}
