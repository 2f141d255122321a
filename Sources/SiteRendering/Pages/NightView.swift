import GameDomain

/// One night's games, newest first.
struct NightView: Encodable {
    var day: String, dayLabel: String, href: String
    var games: [GameEntry]

    init(day: String, games: [SiteGame], texts: SiteTexts) {
        self.day = day
        dayLabel = games.first.map { texts.day($0.game.date) } ?? day
        href = SiteCatalog.path(ofNight: day)
        self.games = games.reversed().map { GameEntry($0, texts: texts) }
    }

    /// Nights newest first, from games in the order they were played.
    static func nights(_ games: [SiteGame], texts: SiteTexts) -> [NightView] {
        var days: [String] = []
        var byDay: [String: [SiteGame]] = [:]
        for entry in games {
            let day = entry.game.date.day
            if byDay[day] == nil { days.append(day) }
            byDay[day, default: []].append(entry)
        }
        return days.sorted(by: >).map { NightView(day: $0, games: byDay[$0] ?? [], texts: texts) }
    }
}
