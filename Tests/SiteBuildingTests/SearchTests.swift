import Foundation
import TestSupport
import Testing

@testable import SiteBuilding

/// The search page as a browser runs it: its script and index files, read by Node
/// (`scripts/site-checks/search_site.js`), on sites built here.
@Suite("Search")
struct SearchTests {
    struct Output: Decodable {
        var rows: [[Row]]
        var results: [String: [[Row]]]
    }

    /// A row's cell: its type is a number, the rest are strings.
    enum Row: Decodable, Equatable {
        case number(Int)
        case text(String)
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                self = .number(number)
            } else {
                self = .text(try container.decode(String.self))
            }
        }

        var text: String? { if case .text(let text) = self { text } else { nil } }
    }

    /// `scripts/site-checks/search_site.js` with `arguments`, its output decoded.
    static func node<T: Decodable>(_ arguments: [String]) throws -> T {
        let script = SiteDataReader.root.appendingPathComponent("scripts/site-checks/search_site.js")
        let (status, data, message) = try runTool(["node", script.path] + arguments)
        try #require(status == 0, "node (make node installs it) failed: \(message)")
        return try JSONDecoder().decode(T.self, from: data)
    }

    static func search(_ site: URL, _ queries: [String]) throws -> Output { try node([site.path] + queries) }

    static func hrefs(_ rows: [[Row]]?) -> [String] { (rows ?? []).compactMap { $0.count > 1 ? $0[1].text : nil } }

    @Test("Finds games, players, board games and nights; every word must match; names come first")
    func findsEachType() async throws {
        let temp = try TemporaryFolder()
        let source = temp.url.appendingPathComponent("games")
        let output = temp.url.appendingPathComponent("site")
        try temp.write(
            "games/a.md",
            game(
                title: "Catan at Ann's", date: "2025-06-01", players: "[Ann, Bo]", rounds: "[{Ann: 5, Bo: 3}]",
                extra: "boardgame: Catan\n"))
        try temp.write(
            "games/b.md", game(title: "Wingspan", date: "2026-03-02", players: "[Ann, Cy]", rounds: "[{Ann: 1, Cy: 4}]")
        )
        _ = try await SiteBuild.run(BuildOptions(source: source, output: output))
        let found = try Self.search(output, ["catan", "ann", "cy wingspan", "cy catan", "2026-03-02", "  "])
        #expect(Self.hrefs(found.results["catan"]) == ["boardgames/catan.html", "games/a.html"])
        // The player first, then each game with Ann, newest first.
        #expect(Self.hrefs(found.results["ann"]) == ["players/ann.html", "games/b.html", "games/a.html"])
        #expect(Self.hrefs(found.results["cy wingspan"]) == ["games/b.html"])
        #expect(Self.hrefs(found.results["cy catan"]).isEmpty)
        #expect(Self.hrefs(found.results["2026-03-02"]) == ["nights/2026-03-02.html", "games/b.html"])
        #expect(Self.hrefs(found.results["  "]).isEmpty)
        // Every href leads to a page of the site.
        let files = Set(tree(output).keys)
        for href in Self.hrefs(found.rows) { #expect(files.contains(href), "\(href)") }
    }

    struct Page: Decodable {
        var status: String
        /// href, title and detail of each result listed.
        var items: [[String]]
    }

    /// The whole page on a stand-in DOM: the index files load in `order`; `broken` loads
    /// without handing over its rows.
    static func page(_ site: URL, _ query: String, order: [Int], broken: Int? = nil) throws -> Page {
        try node(
            ["--page", site.path, query, order.map(String.init).joined(separator: ",")]
                + (broken.map { ["\($0)"] } ?? []))
    }

    @Test(
        "The page: files in any order list the same results; a file that fails or hands over nothing says so; counts and the limit"
    )
    func page() async throws {
        let temp = try TemporaryFolder()
        let source = temp.url.appendingPathComponent("games")
        let output = temp.url.appendingPathComponent("site")
        // A text with its placeholder twice and a `$`, which JavaScript's replace would read as a pattern.
        try temp.write("games/gamenight.yaml", "texts:\n  searchCountOther: \"{count} hits ({count}, $$ $&)\"\n")
        for day in 1...26 {
            for table in 1...4 {
                try temp.write(
                    "games/2025/\(day)-\(table).md",
                    game(
                        title: "Hearts \(day)-\(table)", date: "2025-03-\(String(format: "%02d", day))",
                        players: "[Ann, Bo]", rounds: "[{Ann: 1, Bo: 2}]", extra: "boardgame: Hearts\n"))
            }
        }
        try temp.write(
            "games/new.md",
            game(
                title: "Hearts new", date: "2026-01-05", players: "[Ann, Bo]", rounds: "[{Ann: 1, Bo: 2}]",
                extra: "boardgame: Hearts\n"))
        _ = try await SiteBuild.run(BuildOptions(source: source, output: output))
        // names.js, 2026.js, 2025.js.
        let inOrder = try Self.page(output, "hearts", order: [0, 1, 2])
        #expect(inOrder.status == "106 hits (106, $$ $&); the first 100 are shown.")
        #expect(inOrder.items.count == 100)
        #expect(
            inOrder.items.prefix(3).map { $0[0] } == [
                "boardgames/hearts.html", "games/new.html", "games/2025-26-4.html",
            ])
        #expect(try Self.page(output, "hearts", order: [2, 0, 1]).items == inOrder.items)
        #expect(try Self.page(output, "hearts new", order: [1, 2, 0]).status == "1 result")
        let failed = "The index could not be loaded; build the site again."
        for broken in 0..<3 {
            let page = try Self.page(output, "hearts", order: [0, 1, 2], broken: broken)
            #expect(page.status == failed && page.items.isEmpty, "\(broken)")
        }
        try FileManager.default.removeItem(at: output.appendingPathComponent("search/2025.js"))
        #expect(try Self.page(output, "hearts", order: [0, 1, 2]).status == failed)
    }

    @Test("Japanese: no word segmentation is needed, and katakana, hiragana and full-width letters match")
    func japanese() async throws {
        let temp = try TemporaryFolder()
        let source = temp.url.appendingPathComponent("games")
        let output = temp.url.appendingPathComponent("site")
        try temp.write("games/gamenight.yaml", "language: ja\n")
        try temp.write(
            "games/a.md",
            game(title: "金曜日のボウリング大会", date: "2026-06-05", players: "[花子, 太郎]", rounds: "[{花子: 5, 太郎: 3}]"))
        try temp.write(
            "games/b.md", game(title: "Catan", date: "2026-06-06", players: "[花子, 太郎]", rounds: "[{花子: 1, 太郎: 4}]"))
        _ = try await SiteBuild.run(BuildOptions(source: source, output: output))
        let found = try Self.search(output, ["ぼうりんぐ", "大会", "ＣＡＴＡＮ", "花子 ボウリング"])
        // The game, and the board game its title names.
        #expect(Self.hrefs(found.results["ぼうりんぐ"]) == ["boardgames/金曜日のボウリング大会.html", "games/a.html"])
        #expect(Self.hrefs(found.results["大会"]) == Self.hrefs(found.results["ぼうりんぐ"]))
        #expect(Self.hrefs(found.results["ＣＡＴＡＮ"]) == ["boardgames/catan.html", "games/b.html"])
        #expect(Self.hrefs(found.results["花子 ボウリング"]) == ["games/a.html"])
        let html = try String(contentsOf: output.appendingPathComponent("search.html"), encoding: .utf8)
        #expect(html.contains("<label for=\"search-query\">試合・プレイヤー・ボードゲーム・ゲームナイトを検索</label>"))
    }

    @Test("A title, a name or a board game reaches the index as the same text, and no index file holds markup")
    func hostileText() async throws {
        let temp = try TemporaryFolder()
        let source = temp.url.appendingPathComponent("games")
        let output = temp.url.appendingPathComponent("site")
        let title = "</script><img src=x onerror=alert(1)> \\\"q\\\" 'a' \\u2028 \\\\ & <!--"
        let decoded = "</script><img src=x onerror=alert(1)> \"q\" 'a' \u{2028} \\ & <!--"
        try temp.write(
            "games/a.md",
            game(
                title: "\"\(title)\"", date: "2026-06-05", players: "[\"<b>Bo</b>\", Ann]",
                rounds: "[{\"<b>Bo</b>\": 5, Ann: 3}]",
                extra: "boardgame: \"</script>Game\"\n"))
        _ = try await SiteBuild.run(BuildOptions(source: source, output: output))
        for (path, data) in tree(output) where path.hasPrefix("search/") {
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains("<") && !text.contains(">") && !text.contains("\u{2028}"), "\(path)")
        }
        let found = try Self.search(output, ["onerror", "<b>bo", "</script>game"])
        let game = try #require(found.results["onerror"]?.first)
        #expect(game[2].text == decoded)
        #expect(Self.hrefs(found.results["<b>bo"]).first == "players/b-bo-b.html")
        #expect(found.results["</script>game"]?.first?[2].text == "</script>Game")
    }

    /// The index files' addresses that `search.html` names, by path: `search/2026.js?v=…`.
    static func addresses(_ site: URL) throws -> [String: String] {
        let html = try String(contentsOf: site.appendingPathComponent("search.html"), encoding: .utf8)
        let list = try #require(html.firstMatch(of: /data-shards="([^"]*)"/)?.output.1)
        return Dictionary(
            list.split(separator: " ").map { (String($0.prefix { $0 != "?" }), String($0)) },
            uniquingKeysWith: { first, _ in first })
    }

    @Test("A changed game renders its year's index file again, and no other year's; only that file's address changes")
    func incremental() async throws {
        let temp = try TemporaryFolder()
        let source = temp.url.appendingPathComponent("games")
        let output = temp.url.appendingPathComponent("site")
        // One board game: a title alone would name one, and the names file would change with it.
        try temp.write("games/a.md", game(title: "Old", date: "2025-06-01", extra: "boardgame: Hearts\n"))
        try temp.write("games/b.md", game(title: "New", date: "2026-06-01", extra: "boardgame: Hearts\n"))
        var options = BuildOptions(source: source, output: output)
        options.cacheDirectory = temp.url.appendingPathComponent("cache").path
        options.stampSettling = 0
        _ = try await SiteBuild.run(options)
        func inode(_ path: String) throws -> Int {
            try #require(
                FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(path).path)[
                    .systemFileNumber] as? Int)
        }
        let (before2025, before2026, beforeNames) = (
            try inode("search/2025.js"), try inode("search/2026.js"), try inode("search/names.js")
        )
        let before = try Self.addresses(output)
        #expect(before.keys.sorted() == ["search/2025.js", "search/2026.js", "search/names.js"])
        for address in before.values { #expect(address.contains("?v="), "\(address)") }
        try temp.write("games/a.md", game(title: "Renamed", date: "2025-06-01", extra: "boardgame: Hearts\n"))
        _ = try await SiteBuild.run(options)
        #expect(try inode("search/2025.js") != before2025)
        #expect(try inode("search/2026.js") == before2026)
        #expect(try inode("search/names.js") == beforeNames)
        let after = try Self.addresses(output)
        #expect(after["search/2025.js"] != before["search/2025.js"])
        #expect(after["search/2026.js"] == before["search/2026.js"])
        #expect(after["search/names.js"] == before["search/names.js"])
        // The versioned addresses still load: the search finds the renamed game.
        #expect(Self.hrefs(try Self.search(output, ["renamed"]).results["renamed"]) == ["games/a.html"])
        let clean = temp.url.appendingPathComponent("clean")
        _ = try await SiteBuild.run(BuildOptions(source: source, output: clean))
        for path in ["search/2025.js", "search/2026.js", "search/names.js", "search.html"] {
            #expect(tree(output)[path] == tree(clean)[path], "\(path)")
        }
        #expect(String(decoding: tree(output)["search/2025.js"] ?? Data(), as: UTF8.self).contains("Renamed"))
    }
}
