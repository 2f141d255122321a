import Testing

@testable import GameDomain

/// A game keeps the details many files leave out (board game, BGG id, place, duration, import,
/// seating) in a box of their own: each comes back as set, however it was set, and games with
/// the same details are equal and hash alike, whether a box was ever made.
@Suite("A game's details")
struct GameDetailsTests {
    @Test func everyDetailComesBackAsSet() throws {
        var random = SplitMix64(seed: 46)
        let day = try #require(GameDate("2026-11-01"))
        let content = Game.Content.scores(
            ScoreGame(players: ["Ann", "Bo"], rounds: [[.init(player: "Ann", points: 1)]]))
        func maybe<Value>(_ value: Value) -> Value? { random.next() % 2 == 0 ? value : nil }
        for _ in 0..<300 {
            let name = maybe("Catan")
            let id = maybe(13)
            let place = maybe("Ann's")
            let minutes = maybe(95)
            let origin = maybe(ImportOrigin(source: .bgg, id: "123"))
            let seating = maybe(Seating(first: "Bo", seats: ["Bo", "Ann"]))
            let made = Game(
                title: "Go", date: day, notes: "", content: content, boardgameName: name, bggID: id, location: place,
                durationMinutes: minutes, origin: origin, seating: seating)
            var set = Game(title: "Go", date: day, notes: "", content: content, location: "somewhere else")
            set.location = nil
            set.seating = seating
            set.origin = origin
            set.durationMinutes = minutes
            set.location = place
            set.bggID = id
            set.boardgameName = name
            #expect(made.boardgameName == name && made.bggID == id && made.location == place)
            #expect(made.durationMinutes == minutes && made.origin == origin && made.seating == seating)
            #expect(set == made)
            #expect(set.hashValue == made.hashValue)
            var other = made
            other.location = (place ?? "") + "!"
            #expect(other != made)
        }
    }
}

extension GameDetailsTests {
    @Test func setThroughAnEntry() throws {
        let day = try #require(GameDate("2026-11-01"))
        let content = Game.Content.scores(
            ScoreGame(players: ["Ann", "Bo"], rounds: [[.init(player: "Ann", points: 1)]]))
        var entry = SiteGame(game: Game(title: "Go", date: day, notes: "", content: content), slug: "g")
        entry.game.location = "Ben's kitchen"
        #expect(entry.game.location == "Ben's kitchen")
    }
}
