import GameDomain
import Testing

@testable import PlayImporting

@Suite("Plays to game files")
struct PlayMapperTests {
    static func result(_ play: ImportedPlay) -> (ImportedGame.Result?, [Diagnostic]) {
        let mapped = PlayMapper(people: [:]).map(play)
        return (mapped.games.first?.result, mapped.diagnostics)
    }

    @Test func finalScoresWhereEveryPlayerHasOne() {
        let (result, notes) = Self.result(Fixtures.play([("Ann", "42", true), ("Bo", "37", false)]))
        #expect(result == .scores(["Ann", "Bo"], [42, 37], lowestWins: false))
        #expect(notes.isEmpty)
    }

    @Test("BGG does not say which end wins: the winners' scores do")
    func lowestWinsInferred() {
        #expect(
            Self.result(Fixtures.play([("Ann", "11", true), ("Bo", "26", false)])).0
                == .scores(["Ann", "Bo"], [11, 26], lowestWins: true))
        #expect(
            Self.result(Fixtures.play([("Ann", "11", false), ("Bo", "26", true)])).0
                == .scores(["Ann", "Bo"], [11, 26], lowestWins: false))
        #expect(
            Self.result(Fixtures.play([("Ann", "26", true), ("Bo", "11", false)], lowestWins: true)).0
                == .scores(["Ann", "Bo"], [26, 11], lowestWins: true))
    }

    @Test("A score that is not a whole number: winners only, and a note")
    func decimalScore() {
        let (result, notes) = Self.result(Fixtures.play([("Ann", "12.5", true), ("Bo", "12", false)]))
        #expect(result == .winners(["Ann"]))
        #expect(notes.count == 1 && notes.first?.severity == .note)
        #expect(
            notes.first?.message.contains("Ann's score `12.5` cannot be read (it is not a whole number)") == true,
            "\(notes)")
    }

    @Test(
        "A play whose file the build would refuse is refused at its place: more players than a game file holds, a comment past its size (found by the fuzzer)",
        arguments: [(100, 0, true), (101, 0, false), (2, 990_000, true), (2, 1_000_000, false)])
    func playsPastAGameFilesLimits(players: Int, commentBytes: Int, imported: Bool) {
        var play = Fixtures.play((1...players).map { ("P\($0)", "\($0)", $0 == 1) })
        play.comments = String(repeating: "x", count: commentBytes)
        play.quantity = 3
        let mapped = PlayMapper(people: [:]).map(play)
        #expect(mapped.games.count == (imported ? 3 : 0))
        let errors = mapped.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == (imported ? 0 : 1))
        if let error = errors.first {
            #expect(error.path == "plays.xml")
            #expect(error.message.hasPrefix("play 1: its game file would not be read: "), "\(error.message)")
            #expect(
                error.message.contains(players > 100 ? "101 players is more than the limit of 100" : "bytes")
                    && !error.message.contains("raise it"), "\(error.message)")
        }
    }

    @Test func someScoresMissing() {
        let (result, notes) = Self.result(Fixtures.play([("Ann", "12", true), ("Bo", "", false)]))
        #expect(result == .winners(["Ann"]))
        #expect(notes.first?.message.contains("only 1 of 2 players have a score") == true)
    }

    @Test func ranksThenWinnersThenNothing() {
        var play = Fixtures.play([("Ann", nil, false), ("Bo", nil, true)])
        play.players[0].rank = 2
        play.players[1].rank = 1
        #expect(Self.result(play).0 == .ranks(["Ann", "Bo"], [2, 1]))
        // Places run from 1 whatever numbers the log used (found by the fuzzer).
        (play.players[0].rank, play.players[1].rank) = (7, 3)
        #expect(Self.result(play).0 == .ranks(["Ann", "Bo"], [2, 1]))
        #expect(PlayMapper.places([2, 2, 5]) == [1, 1, 3] && PlayMapper.places([4, 1, 4, 9]) == [2, 1, 2, 4])
        play.players[0].rank = nil
        #expect(Self.result(play).0 == .winners(["Bo"]))
        play.players[1].won = false
        #expect(Self.result(play).0 == ImportedGame.Result.none)
        #expect(Self.result(Fixtures.play([])).0 == ImportedGame.Result.none)
    }

    @Test func cooperativeAndTeams() throws {
        var play = Fixtures.play([("Ann", "", true), ("Bo", "", true)])
        play.isCooperative = true
        #expect(Self.result(play).0 == .cooperative(won: true))
        // Teams in a cooperative play (found by the fuzzer) are left out: everyone shares the result.
        play.players[0].team = "Red"
        #expect(PlayMapper(people: [:]).map(play).games.first?.teams == [])
        play = Fixtures.play([("Ann", "", true), ("Bo", "", true), ("Cy", "", false), ("Di", "", false)])
        play.players[0].team = "Red"
        play.players[1].team = "Red"
        play.players[2].team = "Blue"
        let game = try #require(PlayMapper(people: [:]).map(play).games.first)
        #expect(
            game.teams == [
                .init(name: "Red", players: ["Ann", "Bo"]), .init(name: "Blue", players: ["Cy"]),
                .init(name: "Team Di", players: ["Di"]),
            ])
        #expect(game.result == .winners(["Red"]))
    }

    @Test(
        "Unmappable plays are errors naming the play",
        arguments: [
            ("id", "play ../../etc: the play id"),
            ("date", "play 1: the date `0000-00-00` is not a date"),
            ("game", "play 1: it names no game"),
            ("quantity", "play 1: quantity 5000"),
        ])
    func unmappable(field: String, message: String) {
        var play = Fixtures.play([("Ann", "1", true)])
        switch field {
        case "id": play.id = "../../etc"
        case "date": play.date = "0000-00-00"
        case "game": play.boardgame = " "
        default: play.quantity = 5000
        }
        let mapped = PlayMapper(people: [:]).map(play)
        #expect(mapped.games.isEmpty)
        #expect(mapped.diagnostics.count == 1 && mapped.diagnostics.first?.severity == .error)
        #expect(mapped.diagnostics.first?.message.hasPrefix(message) == true, "\(mapped.diagnostics)")
    }

    @Test func pathsDatesAndRepeats() throws {
        var play = Fixtures.play([])
        play.source = .bgstats
        play.id = "B6C70BF9-745C"
        play.date = "2026-11-07 19:32:30"
        play.boardgame = "Crème Brûlée: Édition"
        play.quantity = 2
        let games = PlayMapper(people: [:]).map(play).games
        #expect(
            games.map(\.relativePath) == [
                "2026-11-07/creme-brulee-edition-b6c70bf9-745c.md",
                "2026-11-07/creme-brulee-edition-b6c70bf9-745c-2.md",
            ])
        #expect(games.map(\.date.text) == ["2026-11-07T19:32", "2026-11-07T19:32"])
        #expect(games.map(\.title) == ["Crème Brûlée: Édition (1 of 2)", "Crème Brûlée: Édition (2 of 2)"])
        #expect(games.map(\.origin.copy) == [nil, 2])
    }

    @Test("One name per person: the earliest play's; colliding people get their username")
    func people() {
        func player(_ username: String, _ name: String) -> ImportedPlay.Player {
            ImportedPlay.Player(identity: .bgg(username: username, name: name), name: name)
        }
        var directory = PeopleDirectory()
        var late = Fixtures.play([], id: "20")
        late.date = "2026-11-21"
        late.players = [player("andrew_k", "Andy"), player("chris1", "Chris"), player("chris2", "chris")]
        var early = Fixtures.play([], id: "10")
        early.players = [player("andrew_k", "Andrew"), player("", "Chris"), player("", "Chris")]
        directory.record(late)
        directory.record(early)
        let names = directory.names()
        #expect(names[.bggUsername("andrew_k")] == "Andrew")
        #expect(names[.bggUsername("chris1")] == "Chris (chris1)" && names[.bggUsername("chris2")] == "chris (chris2)")
        #expect(PlayMapper(people: names).names(of: late) == ["Andrew", "Chris (chris1)", "chris (chris2)"])
        // Two guests with one name in a play stay two players.
        #expect(PlayMapper(people: names).names(of: early) == ["Andrew", "Chris", "Chris 2"])
    }
}
