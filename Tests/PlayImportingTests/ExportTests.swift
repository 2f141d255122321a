import Foundation
import GameDomain
import GameFileParsing
import TestSupport
import Testing

@testable import PlayImporting

/// `gamenight export`: import → export → import gives the same game files, byte for byte, and
/// the fields both logs hold survive from a game file written by hand.
@Suite("Export")
struct ExportTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples")

    /// Every game file of a folder, parsed, with its path relative to the folder.
    static func games(in folder: URL) throws -> [FiledGame] {
        try files(in: folder).map { path, text in
            FiledGame(file: path, game: try GameFileParser.parse(text, path: path).get())
        }
    }

    /// Each `.md` file's text, by path relative to the folder, in path order.
    static func files(in folder: URL) throws -> [(String, String)] {
        let paths = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".md") }.sorted()
        return try paths.map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
    }

    static func export(_ games: [FiledGame], as source: ImportOrigin.Source) throws -> PlayExport.Output {
        source == .bgg ? PlayExport.bgg(games) : try PlayExport.bgstats(games)
    }

    /// Writes `data` as a play log in `folder` and imports it into a new folder there; the
    /// import must be clean.
    static func imported(_ data: Data, as source: ImportOrigin.Source, in folder: borrowing TemporaryFolder) throws
        -> URL
    {
        let scratch = folder.url
        let log = scratch.appendingPathComponent(source == .bgg ? "plays.xml" : "BGStatsExport.json")
        try data.write(to: log)
        let into = scratch.appendingPathComponent("games")
        let summary = try PlayImport.run(
            source, files: [(log.lastPathComponent, log)], options: PlayImport.Options(into: into))
        #expect(!summary.hasErrors, "\(summary.diagnostics)")
        #expect(summary.failed == 0)
        return into
    }

    /// Export `folder`, import the export: the files must be those of `folder`.
    static func expectSameAfterRoundTrip(_ folder: URL, as source: ImportOrigin.Source) throws {
        let output = try export(try games(in: folder), as: source)
        #expect(output.skipped.isEmpty)
        let scratch = try TemporaryFolder("import")
        let again = try imported(output.data, as: source, in: scratch)
        let before = try files(in: folder)
        let after = try files(in: again)
        #expect(before.map(\.0) == after.map(\.0))
        for ((path, text), (_, other)) in zip(before, after) { #expect(text == other, "\(path)") }
    }

    @Test("import → export → import gives the same files: BGG pages")
    func bggFixturesRoundTrip() throws {
        let scratchFolder = try TemporaryFolder("import")
        let scratch = scratchFolder.url
        let folder = scratch.appendingPathComponent("games")
        let summary = try PlayImport.run(
            .bgg, files: Fixtures.bggPages.map { ($0.lastPathComponent, $0) }, options: PlayImport.Options(into: folder)
        )
        #expect(summary.counts[.new] == 9)
        try Self.expectSameAfterRoundTrip(folder, as: .bgg)
    }

    @Test("import → export → import gives the same files: a BG Stats export")
    func bgStatsFixtureRoundTrip() throws {
        let scratchFolder = try TemporaryFolder("import")
        let scratch = scratchFolder.url
        let folder = scratch.appendingPathComponent("games")
        let summary = try PlayImport.run(
            .bgstats, files: [("BGStatsExport.json", Fixtures.bgStats)], options: PlayImport.Options(into: folder))
        #expect(summary.counts[.new] == 5)
        try Self.expectSameAfterRoundTrip(folder, as: .bgstats)
    }

    @Test(
        "The examples: their board games keep every field the log holds, and a second round changes nothing",
        arguments: ImportOrigin.Source.allCases)
    func examplesRoundTrip(source: ImportOrigin.Source) throws {
        let originals = try Self.games(in: Self.examples)
        let output = try Self.export(originals, as: source)
        let boardGames = originals.filter { $0.game.kind == .scores }
        #expect(boardGames.count >= 10)
        #expect(output.plays == boardGames.count)
        #expect(Set(output.skipped.map(\.path)) == Set(originals.filter { $0.game.kind != .scores }.map(\.file)))
        #expect(output.skipped.allSatisfy { $0.message.hasPrefix("not exported: ") && $0.severity == .note })

        let scratch = try TemporaryFolder("import")
        let folder = try Self.imported(output.data, as: source, in: scratch)
        let imported = try Self.games(in: folder)
        #expect(imported.count == boardGames.count)
        // The same plays (the examples' titles are not the board games', so match by the day and
        // board game and players).
        for original in boardGames.map(\.game) {
            let matches = imported.map(\.game).filter {
                $0.date.day == original.date.day && $0.boardgameName == (original.boardgameName ?? original.title)
                    && Set($0.players) == Set(original.players)
            }
            let copy = try #require(matches.count == 1 ? matches.first : nil, "\(original.title)")
            Self.expectKept(original, in: copy, by: source)
        }
        // And import → export → import from there is the identity.
        try Self.expectSameAfterRoundTrip(folder, as: source)
    }

    @Test(
        "Across formats: a BGG import exported for BG Stats, and the other way, keeps the fields both hold",
        arguments: ImportOrigin.Source.allCases)
    func acrossFormats(from source: ImportOrigin.Source) throws {
        let scratch = try TemporaryFolder("import")
        let folder = scratch.url
        let logs = source == .bgg ? Fixtures.bggPages : [Fixtures.bgStats]
        _ = try PlayImport.run(
            source, files: logs.map { ($0.lastPathComponent, $0) }, options: PlayImport.Options(into: folder))
        let other: ImportOrigin.Source = source == .bgg ? .bgstats : .bgg
        // By day (BGG keeps no time), board game and players; BGG's repeats of a play are alike.
        func ordered(_ games: [FiledGame]) -> [Game] {
            games.map(\.game).sorted {
                ($0.date.day, $0.boardgameName ?? "", $0.players.joined(separator: "\n")) < (
                    $1.date.day, $1.boardgameName ?? "", $1.players.joined(separator: "\n")
                )
            }
        }
        let originals = ordered(try Self.games(in: folder))
        #expect(!originals.isEmpty)
        let copiesFolder = try TemporaryFolder("import")
        let copies = ordered(
            try Self.games(
                in: try Self.imported(
                    try Self.export(try Self.games(in: folder), as: other).data, as: other, in: copiesFolder)))
        #expect(originals.count == copies.count)
        for (original, copy) in zip(originals, copies) {
            #expect(copy.boardgameName == original.boardgameName)
            Self.expectKept(original, in: copy, by: other)
        }
    }

    /// The fields a log of `source` holds are those of `original` (docs/EXPORT.md).
    static func expectKept(_ original: Game, in copy: Game, by source: ImportOrigin.Source) {
        let title = original.title
        #expect(copy.bggID == original.bggID, "\(title)")
        #expect(copy.location == original.location, "\(title)")
        #expect(copy.durationMinutes == original.durationMinutes, "\(title)")
        #expect(copy.isDraft == original.isDraft, "\(title)")
        #expect(copy.players == original.players, "\(title)")
        #expect(copy.seating?.firstPlayer == original.seating?.firstPlayer, "\(title)")
        // BGG has no cooperative plays: everyone's win is the only trace of one. BG Stats has no
        // unfinished plays: a game still playing comes back finished, with winners.
        if !(source == .bgg && original.isCooperative), !(source == .bgstats && original.status != .finished) {
            #expect(copy.winners.sorted() == original.winners.sorted(), "\(title)")
        }
        guard case .scores(let before) = original.content, case .scores(let after) = copy.content else { return }
        if case .points = before.decision, !before.isCooperative, before.teams.isEmpty {
            #expect(
                after.players.map { after.total(of: $0) } == before.players.map { before.total(of: $0) }, "\(title)")
        }
        switch source {
        case .bgg:
            #expect(copy.date.day == original.date.day, "\(title)")
            #expect(copy.status == original.status, "\(title)")
            #expect(
                copy.seating?.turnOrder == original.seating.map { $0.seats.isEmpty ? [] : $0.turnOrder }, "\(title)")
        case .bgstats:
            #expect(copy.date == original.date, "\(title)")
            #expect(copy.isCooperative == original.isCooperative, "\(title)")
            #expect(after.teams == before.teams, "\(title)")
            #expect(after.standings.map(\.place) == before.standings.map(\.place), "\(title)")
            #expect(after.win == before.win || before.points == nil, "\(title)")
        }
    }

    /// Names, places, game names and notes no log writer could have meant as markup.
    static let hostile = [
        "<b>bold</b> & \"quoted\" 'single'", "]]> <![CDATA[x]]>", "a\u{1}b\u{7F}c", "🎲👩‍👩‍👧 dice", "山田 花子",
        "&amp; &#x26; %s \\n",
    ]

    static func hostileGame() throws -> FiledGame {
        let notes = "Line one <script>alert(1)</script> & ]]>\nline two: 花子 🎲 \"x\" \u{2}\n# not a heading\\"
        let game = Game(
            title: hostile[2], date: try #require(GameDate("2026-11-20T19:30")), notes: MarkdownText.escaped(notes),
            content: .scores(
                ScoreGame(
                    lineup: .players(hostile),
                    decision: .points(
                        ScoreGame.Points(
                            .final(hostile.enumerated().map { ScoreGame.Entry(player: $1, points: $0 * 3 - 2) }))))),
            boardgameName: hostile[0], bggID: 13, location: hostile[1] + " " + hostile[4], durationMinutes: 61)
        return FiledGame(file: "2026-11-20/hostile.md", game: game)
    }

    @Test(
        "Hostile strings: the log reads back as written, and the round trip is the identity",
        arguments: ImportOrigin.Source.allCases)
    func hostileStrings(source: ImportOrigin.Source) throws {
        let filed = try Self.hostileGame()
        let output = try Self.export([filed], as: source)
        let plays: [ImportedPlay]
        switch source {
        case .bgg:
            var read: [ImportedPlay] = []
            let diagnostics = BGGPlaysReader.read(output.data, path: "plays.xml") { read.append($0) }
            #expect(diagnostics.isEmpty, "\(diagnostics)")
            plays = read
        case .bgstats:
            let contents = BGStatsReader.read(output.data, path: "BGStatsExport.json")
            #expect(contents.diagnostics.isEmpty, "\(contents.diagnostics)")
            plays = contents.plays
        }
        let play = try #require(plays.count == 1 ? plays.first : nil)
        // What the importer keeps of a name: control characters go (XML cannot hold most), nothing else.
        #expect(play.players.map { PlainText.line($0.name) } == filed.game.players.map(PlainText.line))
        #expect(play.boardgame == Self.hostile[0])
        #expect(play.location == Self.hostile[1] + " " + Self.hostile[4])
        #expect(MarkdownText.escaped(play.comments ?? "") == filed.game.notes)
        #expect(play.players.map(\.score) == ["-2", "1", "4", "7", "10", "13"])

        let scratch = try TemporaryFolder("import")
        let folder = try Self.imported(output.data, as: source, in: scratch)
        let copy = try #require(try Self.games(in: folder).first?.game)
        #expect(copy.notes.trimmingCharacters(in: .newlines) == filed.game.notes)
        #expect(copy.location == filed.game.location)
        #expect(copy.players == play.players.map { PlainText.line($0.name) })
        try Self.expectSameAfterRoundTrip(folder, as: source)
    }

    @Test(
        "Exporting twice, or the games in another order, gives the same bytes", arguments: ImportOrigin.Source.allCases)
    func deterministic(source: ImportOrigin.Source) throws {
        // Two games at one time written two ways (`T`, a space): neither date is `<` the other.
        var other = try Self.hostileGame()
        var spaced = try Self.hostileGame()
        (other.file, spaced.file) = ("2026-11-20/a.md", "2026-11-20/b.md")
        spaced.game.date = try #require(GameDate("2026-11-20 19:30"))
        spaced.game.location = "elsewhere"
        let games = try Self.games(in: Self.examples) + [try Self.hostileGame(), other, spaced]
        let first = try Self.export(games, as: source).data
        #expect(try Self.export(games, as: source).data == first)
        #expect(try Self.export(Array(games.reversed()), as: source).data == first)
        // Ids made from paths: the same path, the same id; the kind the log wants.
        let id = PlayExport.derivedID("2026-11-20/catan.md", for: source)
        #expect(id == PlayExport.derivedID("2026-11-20/catan.md", for: source))
        #expect(id != PlayExport.derivedID("2026-11-20/catan-2.md", for: source))
        #expect(PlayMapper.isSafeID(id, source: source))
    }

    /// A file's `import:` id edited into one the importer refuses: the play goes out with an id
    /// made from its path, and the log imports again.
    @Test("An import id the importer would refuse is replaced", arguments: ImportOrigin.Source.allCases)
    func unsafeImportIDs(source: ImportOrigin.Source) throws {
        var edited = try Self.hostileGame()
        edited.game.origin = ImportOrigin(source: source, id: "abc</play>")
        let output = try Self.export([edited], as: source)
        #expect(output.plays == 1)
        let scratch = try TemporaryFolder("import")
        let folder = try Self.imported(output.data, as: source, in: scratch)
        let games = try Self.games(in: folder)
        #expect(games.count == 1)
        #expect(games.first?.game.origin?.id == PlayExport.derivedID(edited.file, for: source))
    }

    @Test("BGG's repeats of one play go back as one entry with its quantity")
    func quantity() throws {
        let plays = Fixtures.bggPlays()
        let repeated = try #require(plays.first { $0.quantity == 2 })
        let scratch = try TemporaryFolder("import")
        let folder = scratch.url
        _ = try PlayImport.run(
            .bgg, files: Fixtures.bggPages.map { ($0.lastPathComponent, $0) }, options: PlayImport.Options(into: folder)
        )
        let output = PlayExport.bgg(try Self.games(in: folder))
        var read: [ImportedPlay] = []
        _ = BGGPlaysReader.read(output.data, path: "plays.xml") { read.append($0) }
        #expect(read.filter { $0.id == repeated.id }.map(\.quantity) == [2])
        #expect(read.map(\.id).sorted() == plays.map(\.id).sorted())
    }

    @Test(
        "Markdown unescaping undoes the importer's escaping exactly",
        arguments: [
            "plain", "*not* _emphasis_ [link](x) <b> & `code`", "# heading\n> quote\n1. list\n- item",
            "back\\slash \\* twice",
        ])
    func unescaping(text: String) {
        let escaped = MarkdownText.escaped(text)
        #expect(MarkdownText.unescaped(escaped) == text)
        #expect(MarkdownText.escaped(MarkdownText.unescaped(escaped)) == escaped)
    }
}
