import GameDomain

/// One game kind's own standings: wins for score keeping, pins for bowling, solves for the puzzle.
struct KindStandingsView: Encodable {
    struct PuzzleRow: Encodable {
        var player: String
        var href: String
        var games: Int
        var solved: Int
        var wins: Int
        var efficiency: String
    }
    struct PuzzleTable: Encodable { var rows: [PuzzleRow] }

    var kind: GameKind, kindLabel: String, href: String
    /// The heading's words around the kind's linked name: `{kind} standings` split at `{kind}`.
    var headingBefore: String, headingAfter: String
    var moreLabel: String
    var leaderboard: LeaderboardView?
    var bowling: BowlingStandingsView?
    var fifteen: PuzzleTable?
    var more: Bool

    init(kind: GameKind, catalog: SiteCatalog, limit: Int = .max, texts: SiteTexts) {
        self.kind = kind
        kindLabel = texts.kind(kind)
        let heading = texts[.kindStandings]
        if let range = heading.firstRange(of: "{kind}") {
            headingBefore = String(heading[..<range.lowerBound])
            headingAfter = String(heading[range.upperBound...])
        } else {
            (headingBefore, headingAfter) = ("", heading)
        }
        moreLabel = texts.format(.moreStandings, ["kind": kindLabel])
        href = SiteCatalog.path(ofKind: kind)
        var count = 0
        switch catalog.standings[kind] {
        case .bowling(let standings):
            bowling = BowlingStandingsView(standings, catalog: catalog, limit: limit, texts: texts)
            count = bowling?.total ?? 0
        case .fifteen(let rows):
            count = rows.count
            fifteen =
                rows.isEmpty
                ? nil
                : PuzzleTable(
                    rows: rows.prefix(limit).map {
                        PuzzleRow(
                            player: catalog.player(named: $0.player)?.record.name ?? $0.player,
                            href: catalog.playerPath($0.player),
                            games: $0.games, solved: $0.solved, wins: $0.wins,
                            efficiency: $0.bestEfficiency.map(texts.percent) ?? "–")
                    })
        case .scores(let records):
            count = records.count
            leaderboard = LeaderboardView(
                records, caption: texts[.standings], catalog: catalog, limit: limit, texts: texts)
        case nil: break
        }
        more = count > limit
    }
}
