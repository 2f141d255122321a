import GameDomain

/// Players ranked by wins, win rate and games played.
struct LeaderboardView: Encodable {
    struct Row: Encodable {
        var place: Int
        var player: String
        var href: String
        var played: Int
        var wins: Int
        var winRate: String
    }

    var caption: String
    var rows: [Row]
    /// Rows were left out; the full board is on the players page.
    var more: Bool

    init?(_ records: [PlayerRecord], caption: String, catalog: SiteCatalog, limit: Int = .max, texts: SiteTexts) {
        guard !records.isEmpty else { return nil }
        var rows: [Row] = []
        for (index, record) in records.prefix(limit).enumerated() {
            let tied =
                index > 0
                && (records[index - 1].wins, records[index - 1].winRate, records[index - 1].played) == (
                    record.wins, record.winRate, record.played
                )
            rows.append(
                Row(
                    place: tied ? rows[index - 1].place : index + 1,
                    player: catalog.player(named: record.name)?.record.name ?? record.name,
                    href: catalog.playerPath(record.name), played: record.played, wins: record.wins,
                    winRate: record.winRate.map(texts.percent) ?? "–"
                ))
        }
        self.caption = caption
        self.rows = rows
        more = records.count > limit
    }
}
