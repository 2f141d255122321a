import Foundation
import SnapshotKit
import Testing

/// Every built-in strategy against a committed reference in
/// __Snapshots__/SnapshotKitTests/StrategyTests/.
@Suite struct StrategyTests {
    struct Game: Encodable {
        enum Status: Encodable {
            case draft
            case published(on: String)
        }
        var title: String
        var players: ClosedRange<Int>
        var tags: [String]
        var ratings: [String: Double]
        var status: Status
        var designer: String?
    }

    static let chess = Game(
        title: "Chess \"classic\"", players: 2...2, tags: ["abstract", "strategy"],
        ratings: ["bgg": 7.1, "ours": 9], status: .published(on: "2026-01-02"), designer: nil)

    @Test func lines() {
        assertSnapshot(of: "first line\nsecond line\n", as: .lines, named: "plain")
    }

    @Test func html() {
        let page = """
            <!DOCTYPE html><html lang=en><head><meta charset="utf-8"><title>Chess</title>
            <link rel=stylesheet href="/style.css"></head><body>
            <!-- generated --><main id="game" class='card wide' data-players="2"><h1>Chess   is
            old</h1><img src="chess.svg" alt="board"><p>Two <b>players</b>.<br>Rated 7.1</p>
            <pre>  keep
              this</pre><script>if (a < b) { go() }</script></main></body></html>
            """
        assertSnapshot(of: page, as: .html, named: "game-page")
    }

    @Test func svg() {
        let svg = """
            <?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="20" viewBox="0 0 20 20" height="20">
            <rect y="0" x="0" width="10" height="10" fill="#000"/><g transform="translate(10 10)"><circle r="5" cy="0" cx="0"/></g>
            <text x="1" y="19">a &amp; b</text></svg>
            """
        assertSnapshot(of: svg, as: .svg, named: "board")
    }

    @Test func json() {
        assertSnapshot(of: Self.chess, as: .json, named: "chess")
    }

    @Test func dump() {
        assertSnapshot(of: Self.chess, as: .dump, named: "chess")
    }

    @Test func timeline() {
        let events = [
            TimelineEvent(0, "idle"),
            TimelineEvent(10, "playing"),
            TimelineEvent(10.000000000000002, "paused"),
            TimelineEvent(0.1 + 0.2, "resumed"),
            TimelineEvent(Duration.milliseconds(1500), "finished"),
            TimelineEvent(Duration.nanoseconds(1), "tick"),
        ]
        assertSnapshot(of: events, as: .timeline, named: "game-session")
    }

    @Test func fileTree() {
        let site = FileTree([
            "index.html": Data("<h1>Games</h1>\n".utf8),
            "games/chess.html": Data("<h1>Chess</h1>\n".utf8),
        ])
        assertSnapshot(of: site, as: .fileTree, named: "site")
    }

    @Test func redactions() {
        let log = """
            built at 2026-11-21T21:57:25.123Z by gamenight v1.4.2-beta.1
            wrote /tmp/build-123/site/index.html
            run 123e4567-e89b-12d3-a456-426614174000 on 2026-11-21
            """
        let strategy = Snapshotting<String, String>.lines
            .redacting(.dates, .versions, .uuids, .path("/tmp/build-123", as: "<OUT>"))
        assertSnapshot(of: log, as: strategy, named: "build-log")
    }

    @Test func pullback() {
        struct Score { var points: Int }
        let strategy: Snapshotting<Score, String> = Snapshotting<String, String>.lines.pullback {
            "points: \($0.points)\n"
        }
        assertSnapshot(of: Score(points: 42), as: strategy, named: "score")
    }

    /// Compiles the README's "Strategies" example, and checks the README still shows it.
    @Test func readmeStrategiesExample() throws {
        struct Page { func render() -> String { "<p>home</p>" } }
        let outputFolder = URL(fileURLWithPath: "/out")
        // README begin
        let page: Snapshotting<Page, String> = Snapshotting<String, String>.html.pullback { $0.render() }
        let log = Snapshotting<String, String>.lines
            .redacting(
                .dates, .versions, .uuids, .path(outputFolder.path, as: "<OUT>"),
                Redaction(#"took \d+ ms"#, with: "took <N> ms"))
        // README end
        #expect(try page.snapshot(Page()).contains("home"))
        #expect(try log.snapshot("/out/a took 12 ms") == "<OUT>/a took <N> ms")

        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        let begin = try #require(lines.firstIndex { $0.hasSuffix("// README begin") })
        let end = try #require(lines.firstIndex { $0.hasSuffix("// README end") })
        let example = lines[(begin + 1)..<end].map { String($0.dropFirst(8)) }.joined(separator: "\n")
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../README.md").standardizedFileURL
        #expect(try String(contentsOf: readme, encoding: .utf8).contains("```swift\n\(example)\n```"))
    }

    @Test func unnamedSnapshotsUseCounters() {
        assertSnapshot(of: "one\n", as: .lines)
        assertSnapshot(of: "two\n", as: .lines)
    }

    @Test(arguments: ["chess", "go"])
    func parameterizedCasesUseTheirNames(game: String) {
        assertSnapshot(of: "<p>\(game)</p>", as: .html, named: game)
    }
}
