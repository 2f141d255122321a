import Foundation
import Testing

@testable import GameDomain
@testable import SiteBuilding

@Suite("The build cache's archive")
struct CacheArchiveTests {
    /// Every example game (all kinds), with the fields the examples leave out set too.
    static func games() async throws -> [Game] {
        let selection = try GameFileSelection(folder: examplesFolder)
        let loaded = await GameLoader.load(selection.files.map { ($0.path, $0.url) })
        #expect(loaded.diagnostics.isEmpty)
        var games = loaded.games.map(\.game)
        #expect(Set(games.map(\.kind)) == Set(GameKind.allCases))
        for index in games.indices {
            games[index].notes = ""
            if index % 2 == 0 {
                games[index].isDraft = true
                games[index].boardgameName = "Brettspiel \(index) 花子"
                games[index].bggID = 13 + index
                games[index].location = "Café 花子"
                games[index].durationMinutes = 90 + index
                games[index].origin = ImportOrigin(
                    source: index % 4 == 0 ? .bgg : .bgstats, id: "\(1000 + index)", copy: index % 3 == 0 ? nil : 2)
                let players = games[index].players
                games[index].seating =
                    index % 4 == 0 ? Seating(seats: players.reversed()) : Seating(first: players.last)
            }
            if case .fifteen(var puzzle) = games[index].content {
                var other = puzzle
                puzzle.optimum = .moves(40)
                other.optimum = .notComputed(.timeLimit(seconds: 2.5, atLeast: 44))
                other.seed = .max
                games[index].content = .fifteen(puzzle)
                games.append(Game(title: "Other", date: games[index].date, notes: "", content: .fifteen(other)))
            }
        }
        return games
    }

    /// The round trip covers a field only if some game above sets it: a field added to `Game`
    /// and not to the archive fails here until it is set, and then in `roundTrip`.
    @Test("Every stored field of a game varies among the games the round trip checks")
    func everyFieldIsSet() async throws {
        let games = try await Self.games()
        let labels = games.first.map { Self.fields(of: $0).map(\.label) } ?? []
        #expect(labels.count >= 11)
        // Notes stay in their file: the archive keeps a game without them.
        for label in labels where label != "notes" {
            let values = Set(games.map { game in Self.fields(of: game).first { $0.label == label }?.value })
            #expect(values.count > 1, "no game above sets `\(label)`: set it, so that the archive must keep it")
        }
    }

    /// A game's stored fields by label, and each of the details it keeps in a box of their own
    /// (`GameDetails`) as one: a field added to either shows here.
    static func fields(of game: Game) -> [(label: String, value: String)] {
        Mirror(reflecting: game).children.flatMap { child -> [(label: String, value: String)] in
            guard child.label == "box" else { return [(child.label ?? "", "\(child.value)")] }
            let details = (child.value as? GameDetails)?.values ?? GameDetails.Values()
            return Mirror(reflecting: details).children.map { ($0.label ?? "", "\($0.value)") }
        }
    }

    @Test("Every game of every kind comes back equal")
    func roundTrip() async throws {
        for game in try await Self.games() {
            var writer = ArchiveWriter()
            writer.game(game)
            var reader = ArchiveReader(writer.bytes, from: 0, to: writer.bytes.count)
            #expect(try reader.game() == game)
            #expect(reader.isAtEnd)
        }
    }

    @Test("Cut short anywhere or with a byte changed, a game is rejected or decodes to a valid game, never a crash")
    func damage() async throws {
        for game in try await Self.games() {
            var writer = ArchiveWriter()
            writer.game(game)
            let bytes = writer.bytes
            for end in 0..<bytes.count {
                var reader = ArchiveReader(bytes, from: 0, to: end)
                #expect(throws: ArchiveReader.Malformed.self) { try reader.game() }
            }
            for position in stride(from: 0, to: bytes.count, by: 7) {
                var changed = bytes
                changed[position] ^= 0xA5
                var reader = ArchiveReader(changed, from: 0, to: changed.count)
                _ = try? reader.game()
            }
        }
    }
}
