import GameDomain
import Testing

@testable import SiteRendering

/// The views made into template values by hand (`TemplateConvertible`) against what their
/// `Encodable` conformances make: a property left out, misnamed or made differently fails here.
@Suite("Template values made by hand")
struct TemplateByHandTests {
    static func games() throws -> [SiteGame] {
        var catan = SiteGameFixtures.catan
        catan.game.location = "Marta's <kitchen>"
        catan.game.durationMinutes = 95
        let shapes = ShapeFixtures.names.map(ShapeFixtures.game)
        let bowling = [
            try BowlingFixtures.night(),
            BowlingFixtures.game(
                [try BowlingFixtures.player("Ana", BowlingFixtures.unfinished)], status: .playing, slug: "bowling-2"),
        ]
        let puzzles = try [
            PuzzleOptimum.moves(2), nil, .notComputed(.timeLimit(seconds: 1.5, atLeast: 12)),
            .notComputed(.unsolvable),
        ].map { try PuzzlePagesTests.race(optimum: $0) }
        return [catan] + shapes + bowling + puzzles
    }

    static let changes = [
        RatingChangeView(player: "Marta", href: "../players/marta.html", change: "+12", up: true),
        RatingChangeView(player: "Andre <b>", href: "../players/andre-b.html", change: "−3", up: false),
    ]

    @Test(arguments: [
        SiteSettings(), SiteSettings(language: .ja),
        {
            var settings = SiteSettings(baseURL: BaseURL("https://example.org/nights/"))
            settings.cards = true
            settings.title = "Thursday <nights>"
            return settings
        }(),
    ])
    func everyScorecardViewMatchesItsEncodableForm(settings: SiteSettings) throws {
        let renderer = SiteRenderer(templates: try Templates(), settings: settings)
        for game in try Self.games() {
            for changes in [[], Self.changes] {
                let view = renderer.scorecardView(game, ratingChanges: changes)
                #expect(
                    Self.difference(TemplateValue.encode(view), TemplateValue.encode(view, byHand: false)) == nil,
                    "\(game.slug)")
            }
        }
    }

    @Test(arguments: [SiteLanguage.en, .ja])
    func everyListRowMatchesItsEncodableForm(language: SiteLanguage) throws {
        let texts = SiteTexts(language)
        let games = try Self.games()
        var rows: [any TemplateConvertible] = [
            NightView(day: "2026-11-20", games: games, texts: texts),
            NightsView.Row(day: "2026-11-20", games: games, texts: texts),
            ArchiveLink(href: "nights/2.html", label: "Older <nights>"),
        ]
        rows += games.map { GameEntry($0, texts: texts) }
        for game in games {
            for result in game.results {
                rows += [PlayerView.row(game, identity: PlayerName.identity(of: result.player), texts: texts)]
                    .compactMap { $0 }
            }
        }
        #expect(rows.count > games.count * 2)
        for row in rows {
            #expect(Self.difference(row.template, TemplateValue.encode(row, byHand: false)) == nil)
        }
    }

    /// The check above compares something: a view made by hand differs when a field does.
    @Test func aFieldMadeDifferentlyIsTold() throws {
        var view = SiteRenderer(templates: try Templates()).scorecardView(SiteGameFixtures.catan, ratingChanges: [])
        let before = view.template
        view.scores?.rounds[0].cells[0].played.toggle()
        #expect(
            Self.difference(view.template, before) == "scores.rounds[0].cells[0].played: flag(false) against flag(true)"
        )
        #expect(Self.difference(view.template, TemplateValue.encode(view, byHand: false)) == nil)
    }

    /// Where two values first differ (`scores.rounds[2].total: …`), nil where they don't: a whole
    /// scorecard's value printed twice would hide the field.
    static func difference(_ a: TemplateValue, _ b: TemplateValue, at path: String = "") -> String? {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            let keys = Set(x.fields.map(\.key)).union(y.fields.map(\.key)).sorted()
            for key in keys {
                let place = path.isEmpty ? key : path + "." + key
                guard let left = x[key], let right = y[key] else {
                    return "\(place): only in the \(x[key] == nil ? "second" : "first")"
                }
                if let found = difference(left, right, at: place) { return found }
            }
            return nil
        case (.list(let x), .list(let y)):
            guard x.count == y.count else { return "\(path): \(x.count) items against \(y.count)" }
            return zip(x, y).enumerated().lazy.compactMap { difference($1.0, $1.1, at: "\(path)[\($0)]") }.first
        default:
            return a == b ? nil : "\(path): \(a) against \(b)"
        }
    }
}
