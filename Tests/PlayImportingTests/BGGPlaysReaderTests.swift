import Foundation
import GameDomain
import GameFileParsing
import TestSupport
import Testing

@testable import PlayImporting

@Suite("BoardGameGeek play logs")
struct BGGPlaysReaderTests {
    @Test func readsBothSamplePages() throws {
        let plays = Fixtures.bggPlays()
        #expect(plays.map(\.id) == (1...8).map { "8123450\($0)" })
        let catan = try #require(plays.first)
        #expect(catan.boardgame == "Catan" && catan.bggID == 13 && catan.date == "2026-11-06")
        #expect(catan.durationMinutes == 95 && catan.location == "Café Müller")
        #expect(catan.players.map(\.name) == ["Andrew", "Zoë", "José"])
        #expect(catan.players.map(\.score) == ["8", "10", "7"])
        #expect(catan.players.map(\.won) == [false, true, false])
        #expect(catan.players.map(\.identity) == [.bggUsername("andrew_k"), .bggUsername("zoe_b"), .name("josé")])
        #expect(catan.comments?.contains("&amp;") == false && catan.comments?.contains("<b>bold?</b>") == true)
        #expect(catan.place.location?.line == 3)
        #expect(plays[2].isIncomplete && plays[2].location == "東京の家")
        #expect(plays[3].players.isEmpty && plays[3].quantity == 2)
        #expect(plays[7].isLeftOutOfStatistics)
    }

    @Test("Malformed XML: an error at its line and column, the plays before it are read")
    func malformed() {
        let (plays, diagnostics) = Fixtures.bggPlays(
            """
            <plays username="a">
              <play id="1" date="2026-11-20"><item name="Catan" objectid="13"/></play>
              <play id="2" date="2026-11-21"><item name="Azul"></play>
            </plays>
            """)
        #expect(plays.map(\.id) == ["1"])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.location?.line == 3, "\(diagnostics)")
        #expect(
            diagnostics.first?.message.contains("an end tag that does not match its start tag") == true,
            "\(diagnostics)")
    }

    @Test(
        "Not a play log",
        arguments: [
            ("<error><message>Rate limit exceeded.</message></error>", "BoardGameGeek answered with an error"),
            ("<html><body>Hi</body></html>", "not a BoardGameGeek play log"),
            ("", "not a BoardGameGeek play log (no `<plays>` element)"),
            ("{\"plays\": []}", "empty or not XML"),
        ])
    func notAPlayLog(xml: String, message: String) {
        let (plays, diagnostics) = Fixtures.bggPlays(xml)
        #expect(plays.isEmpty)
        #expect(diagnostics.count == 1 && diagnostics.first?.message.contains(message) == true, "\(diagnostics)")
        #expect(diagnostics.first?.location != nil)
        // JSON, as a BG Stats export is: the hint names the command that reads it.
        #expect(
            (diagnostics.first?.hint?.contains("gamenight import bgstats") == true) == xml.hasPrefix("{"),
            "\(diagnostics)")
    }

    @Test("A BG Stats export given to import bgg, with or without a byte-order mark, names import bgstats")
    func jsonGiven() {
        for json in ["{\"plays\": []}", "\u{FEFF}\n  [1]"] {
            let (_, diagnostics) = Fixtures.bggPlays(json)
            #expect(
                diagnostics.count == 1 && diagnostics.first?.hint?.contains("gamenight import bgstats") == true,
                "\(diagnostics)")
        }
    }

    @Test("Unknown elements and attributes are ignored; a play without an id is reported")
    func unknownAndMissing() {
        let (plays, diagnostics) = Fixtures.bggPlays(
            """
            <plays new="x"><extra><play id="9"/></extra>
              <play date="2026-11-20"><item name="Catan"/></play>
              <play id="3" date="2026-11-20" mood="good"><item name="Catan" objectid="13" flavour="x"/><players><player name="A" win="1" hat="red"/></players></play>
            </plays>
            """)
        #expect(plays.map(\.id) == ["3"])
        #expect(plays.first?.players.map(\.won) == [true])
        #expect(diagnostics.map(\.location?.line) == [2])
        #expect(diagnostics.first?.message.contains("without an `id`") == true)
    }
}

@Suite("Importer fuzz regressions")
struct ImporterFuzzRegressionTests {
    /// Every input the importers' fuzzers broke, through the readers, the mapping and the writer
    /// again: nothing crashes, and every file written reads back as a game.
    @Test func inputsTheFuzzerBroke() throws {
        let folder = Fixtures.folder.appendingPathComponent("FuzzRegressions")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            var plays: [ImportedPlay] = []
            if name.hasSuffix(".xml") {
                _ = BGGPlaysReader.read(data, path: name) { plays.append($0) }
            } else {
                plays = BGStatsReader.read(data, path: name).plays
            }
            for play in plays {
                for game in PlayMapper(people: [:]).map(play).games {
                    let result = GameFileParser.parse(GameFileWriter.text(game), path: game.relativePath)
                    if case .failure(let errors) = result { Issue.record("\(name): \(errors.diagnostics)") }
                }
            }
        }
    }
}

@Suite("BoardGameGeek pages are UTF-8")
struct BGGUTF8Tests {
    /// FoundationXML crashed on a processing instruction without data (found by the fuzzer).
    @Test(arguments: [
        ("<?xml?><plays/>", 1, 1), ("<plays>\n  <?x ?></plays>", 2, 3), ("<plays>\n<?x\n?></plays>", 2, 1),
    ])
    func anInstructionWithoutDataIsAnErrorAtItsPlace(text: String, line: Int, column: Int) {
        let diagnostics = BGGPlaysReader.read(Data(text.utf8), path: "p.xml") { _ in }
        #expect(diagnostics.map(\.location) == [SourceLocation(line: line, column: column)])
        #expect(diagnostics.first?.message.contains("processing instruction without data") == true)
    }

    @Test func anInstructionWithDataAndTheDeclarationAreRead() {
        let diagnostics = BGGPlaysReader.read(Data("<?xml version=\"1.0\"?><?x y?><plays/>".utf8), path: "p.xml") { _ in
        }
        #expect(!diagnostics.contains { $0.message.contains("processing instruction") })
    }

    @Test func aByteThatIsNotUTF8IsAnErrorAtItsPlace() throws {
        var bytes = Array("<plays>\n  <play id=\"1\" location=\"Caf".utf8)
        bytes += [0xE9] + Array("\"/>\n</plays>".utf8)
        let diagnostics = BGGPlaysReader.read(Data(bytes), path: "p.xml") { _ in }
        #expect(diagnostics.map(\.location) == [SourceLocation(line: 2, column: 29)])
        #expect(diagnostics.first?.message.contains("not UTF-8") == true)
        let scratch = try TemporaryFolder("import")
        let folder = scratch.url
        let file = folder.appendingPathComponent("p.xml")
        try Data(bytes).write(to: file)
        #expect(
            BGGPlaysReader.read(file, path: "p.xml") { _ in }.map(\.location) == [SourceLocation(line: 2, column: 29)])
    }
}
