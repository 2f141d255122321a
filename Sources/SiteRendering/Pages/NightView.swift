import GameDomain

/// One night's games, newest first.
struct NightView: Encodable {
    var day: String, dayLabel: String, href: String
    var games: [GameEntry]

    init(day: String, games: [SiteGame]) {
        self.day = day
        dayLabel = games.first.map { Labels.day($0.game.date) } ?? day
        href = SiteCatalog.path(ofNight: day)
        self.games = games.reversed().map(GameEntry.init)
    }

    /// Nights newest first, from games in the order they were played.
    static func nights(_ games: [SiteGame]) -> [NightView] {
        var days: [String] = []
        var byDay: [String: [SiteGame]] = [:]
        for entry in games {
            let day = entry.game.date.day
            if byDay[day] == nil { days.append(day) }
            byDay[day, default: []].append(entry)
        }
        return days.sorted(by: >).map { NightView(day: $0, games: byDay[$0] ?? []) }
    }
}
