import GameDomain
import GameFileParsing
import Testing

@Suite("gamenight.yaml")
struct SiteConfigurationParserTests {
    @Test func readsEveryKey() throws {
        let text = """
            title: Thursday Games   # the site's name
            description: Scores from the back room of the Crown.
            baseURL: https://example.org/games/
            language: en
            timeZone: Asia/Tokyo
            markdown:
              smartPunctuation: false

            """
        let configuration = try SiteConfigurationParser.parse(text, path: "gamenight.yaml").get()
        #expect(configuration.title == "Thursday Games")
        #expect(configuration.description == "Scores from the back room of the Crown.")
        #expect(configuration.baseURL == Located("https://example.org/games/", at: SourceLocation(line: 3, column: 10)))
        #expect(configuration.language == .en)
        #expect(configuration.timeZone?.value == "Asia/Tokyo")
        #expect(configuration.smartPunctuation == false)
    }

    /// Texts keep their spaces; their keys are checked when the site is built.
    @Test func readsTexts() throws {
        let text = "language: ja\ntexts:\n  winner: \"Champion: \"\n  nosuchkey: x\n"
        let configuration = try SiteConfigurationParser.parse(text, path: "gamenight.yaml").get()
        #expect(configuration.language == .ja)
        #expect(configuration.texts.map(\.text.value) == ["Champion: ", "x"])
        #expect(configuration.texts.first?.key == Located("winner", at: SourceLocation(line: 3, column: 3)))
    }

    @Test func readsRatingsAndHandicap() throws {
        let text =
            "ratings: {enabled: false, minimumGames: 5, perBoardgameMinimum: 2}\nbowling:\n  handicap: {basis: 220, percentage: 90}\n"
        let configuration = try SiteConfigurationParser.parse(text, path: "gamenight.yaml").get()
        #expect(
            configuration.statistics
                == StatisticsSettings(
                    ratings: false, minimumGames: 5, perBoardgameMinimum: 2,
                    handicap: BowlingHandicap(basis: 220, percentage: 90)))
        #expect(
            SiteConfiguration().statistics
                == StatisticsSettings(ratings: true, minimumGames: 1, perBoardgameMinimum: 3, handicap: nil))
    }

    @Test func anEmptyFileMeansTheDefaults() throws {
        #expect(
            try SiteConfigurationParser.parse("# nothing yet\n", path: "gamenight.yaml").get() == SiteConfiguration())
    }

    /// Every error, each at its place, with what to do.
    @Test(
        arguments: [
            (
                "titel: A\n",
                "gamenight.yaml:1:1: error: unknown key `titel` in gamenight.yaml (did you mean `title`?); the keys here are title, description, baseURL, language, timeZone, markdown"
            ),
            (
                "language: jp\n",
                "gamenight.yaml:1:11: error: `language` must be one of en, ja, found `jp` (did you mean `ja`?)"
            ),
            ("texts: [a]\n", "gamenight.yaml:1:8: error: `texts` must be a mapping of `key: text` lines, found a list"),
            ("texts: {winner: [a]}\n", "gamenight.yaml:1:17: error: `texts: winner` must be text, found a list"),
            (
                "markdown:\n  smartPunctation: no\n",
                "gamenight.yaml:2:3: error: unknown key `smartPunctation` in `markdown` (did you mean `smartPunctuation`?); the keys here are smartPunctuation"
            ),
            (
                "markdown: {smartPunctuation: yes}\n",
                "gamenight.yaml:1:30: error: `smartPunctuation` must be true or false, found `yes`"
            ),
            ("title: [A, B]\n", "gamenight.yaml:1:8: error: `title` must be text, found a list"),
            (
                "- title\n",
                "gamenight.yaml:1:1: error: gamenight.yaml must be a mapping of `key: value` lines, found a list"
            ),
            (
                "ratings: {minimumGame: 3}\n",
                "gamenight.yaml:1:11: error: unknown key `minimumGame` in `ratings` (did you mean `minimumGames`?)"
            ),
            (
                "ratings: {minimumGames: 0}\n",
                "gamenight.yaml:1:25: error: `minimumGames` must be a whole number from 1 to 1000000, found `0`"
            ),
            (
                "ratings: {enabled: maybe}\n",
                "gamenight.yaml:1:20: error: `enabled` must be true or false, found `maybe`"
            ),
            ("bowling: {handicap: {basis: 220}}\n", "gamenight.yaml:1:21: error: `handicap` needs `percentage`"),
            (
                "bowling: {handicap: {basis: 220, percentage: 0.9}}\n",
                "gamenight.yaml:1:46: error: `percentage` must be a whole number from 0 to 100, found `0.9`"
            ),
            (
                "bowling: {handicp: {}}\n",
                "gamenight.yaml:1:11: error: unknown key `handicp` in `bowling` (did you mean `handicap`?)"
            ),
            (
                "title: 'A\n",
                "gamenight.yaml:2:1: error: YAML error: while scanning a quoted scalar: found unexpected end of stream; gamenight.yaml must be valid YAML"
            ),
        ] as [(String, String)])
    func rejects(text: String, error: String) {
        let lines = SiteConfigurationParser.parse(text, path: "gamenight.yaml").failureLines
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix(error) == true, "\(lines)")
    }

    @Test func reportsEveryError() {
        let lines = SiteConfigurationParser.parse("titel: A\nlanguage: fr\ncolour: red\n", path: "site/gamenight.yaml")
            .failureLines
        #expect(lines.count == 3)
        #expect(
            lines.map { $0.prefix(22) } == [
                "site/gamenight.yaml:1:", "site/gamenight.yaml:2:", "site/gamenight.yaml:3:",
            ])
    }
}

extension Result where Success == SiteConfiguration, Failure == GameFileErrors {
    var failureLines: [String] {
        guard case .failure(let errors) = self else { return [] }
        return errors.diagnostics.map(\.description)
    }
}
