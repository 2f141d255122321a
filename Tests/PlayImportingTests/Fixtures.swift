import Foundation
import GameDomain

@testable import PlayImporting

/// The sample play logs in Fixtures/, and helpers to read them.
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let bggPages = ["bgg-plays-page-1.xml", "bgg-plays-page-2.xml"].map { folder.appendingPathComponent($0) }
    static let bgStats = folder.appendingPathComponent("BGStatsExport.json")

    static func bggPlays() -> [ImportedPlay] {
        var plays: [ImportedPlay] = []
        for page in bggPages { _ = BGGPlaysReader.read(page, path: page.lastPathComponent) { plays.append($0) } }
        return plays
    }

    static func bggPlays(_ xml: String) -> ([ImportedPlay], [Diagnostic]) {
        var plays: [ImportedPlay] = []
        let diagnostics = BGGPlaysReader.read(Data(xml.utf8), path: "plays.xml") { plays.append($0) }
        return (plays, diagnostics)
    }

    /// A play of `players` (name, score, won) with everything else plain.
    static func play(
        _ players: [(String, String?, Bool)], id: String = "1", source: ImportOrigin.Source = .bgg,
        lowestWins: Bool? = nil
    ) -> ImportedPlay {
        ImportedPlay(
            source: source, id: id, place: PlayPlace(path: "plays.xml"), boardgame: "Catan", date: "2026-11-20",
            players: players.map {
                ImportedPlay.Player(identity: .name($0.0.lowercased()), name: $0.0, score: $0.1, won: $0.2)
            },
            lowestWins: lowestWins)
    }
}
