import Foundation
import GameFileParsing
import SnapshotKit
import Testing

@testable import SiteBuilding

/// `gamenight score`, as text and as JSON, for each score-keeper shape, from game files.
@Suite("Score keeper shapes in `score`")
struct ScoreShapesReportTests {
    static let files: [(name: String, text: String)] = [
        (
            "final-scores.md",
            """
            ---
            game: scores
            title: Wingspan
            boardgame: Wingspan
            bgg: 266192
            date: 2026-11-28T19:00
            scores: {Marta: 82, Elisha: 91, Andre: 77}
            ---

            """
        ),
        (
            "ranks.md",
            """
            ---
            game: scores
            title: Ticket to Ride, a race
            date: 2026-11-28T19:30
            ranks: {Marta: 2, Elisha: 1, Andre: 2, Jasmine: 4}
            ---

            """
        ),
        (
            "winners.md",
            """
            ---
            game: scores
            title: Love Letter
            date: 2026-11-28T20:00
            players: [Marta, Elisha, Andre]
            winners: [Andre]
            ---

            """
        ),
        (
            "tiebreak.md",
            """
            ---
            game: scores
            title: Catan, a tie
            boardgame: Catan
            date: 2026-11-28T20:30
            players: [Marta, Elisha, Andre]
            rounds:
              - {Marta: 6, Elisha: 7, Andre: 10}
              - {Marta: 4, Elisha: 3}
            ranks: {Marta: 2, Elisha: 3, Andre: 1}
            ---

            """
        ),
        (
            "cooperative.md",
            """
            ---
            game: scores
            title: Pandemic
            boardgame: Pandemic
            date: 2026-11-28T21:00
            cooperative: true
            result: lost
            players: [Marta, Elisha, Andre, Jasmine]
            ---

            """
        ),
        (
            "cooperative-playing.md",
            """
            ---
            game: scores
            title: Spirit Island
            date: 2026-11-28T21:30
            status: playing
            cooperative: true
            players: [Marta, Jasmine]
            ---

            """
        ),
        (
            "teams.md",
            """
            ---
            game: scores
            title: Codenames
            date: 2026-11-28T22:00
            teams:
              Red: [Marta, Elisha]
              Blue: [Andre, Jasmine]
            scores: {Red: 6, Blue: 9}
            ---

            """
        ),
        (
            "team-rounds.md",
            """
            ---
            game: scores
            title: Spades
            date: 2026-11-28T22:30
            players: [Marta, Andre, Elisha, Jasmine]
            teams: {North: [Marta, Elisha], South: [Andre, Jasmine]}
            rounds:
              - {Marta: 30, Elisha: 40, Andre: 50, Jasmine: 10}
              - {Marta: 10, Andre: -20}
            ---

            """
        ),
    ]

    static func loaded() throws -> [LoadedGame] {
        try files.map { LoadedGame(path: $0.name, game: try GameFileParser.parse($0.text, path: $0.name).get()) }
    }

    @Test func json() throws {
        assertSnapshot(of: ScoreReport.json(try Self.loaded()), as: .lines, named: "shapes.json")
    }

    @Test func text() throws {
        assertSnapshot(of: ScoreReport.text(try Self.loaded()), as: .lines, named: "shapes")
    }
}
