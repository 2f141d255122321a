import Foundation
import TestSupport
import Testing

@testable import SiteBuilding

/// Seats reach a board game's page in incremental builds as in clean ones: the build cache
/// (`CacheArchive`) keeps `Game.seating`, so a game taken from the cache has its seats, and a
/// file whose only change is `first:` or `seats:` has a new parse fingerprint.
@Suite("Seats in incremental builds")
struct SeatsIncrementalTests {
    static func azul(_ day: Int, _ scores: String) -> String {
        "---\ngame: scores\ntitle: Azul \(day)\nboardgame: Azul\ndate: 2026-01-0\(day)\nseats: [Ann, Bo, Cy]\nscores: {\(scores)}\n---\n"
    }

    @Test("An edit of one seated game: the board game's page as a clean build writes it")
    func editOneSeatedGame() async throws {
        let temp = try TemporaryFolder()
        let source = temp.url.appendingPathComponent("games")
        let output = temp.url.appendingPathComponent("site")
        try temp.write("games/a.md", Self.azul(1, "Ann: 5, Bo: 3, Cy: 1"))
        try temp.write("games/b.md", Self.azul(2, "Ann: 2, Bo: 7, Cy: 1"))
        var options = BuildOptions(source: source, output: output)
        options.cacheDirectory = temp.url.appendingPathComponent("cache").path
        options.stampSettling = 0
        _ = try await SiteBuild.run(options)
        try temp.write("games/b.md", Self.azul(2, "Ann: 2, Bo: 8, Cy: 1"))
        _ = try await SiteBuild.run(options)
        let clean = temp.url.appendingPathComponent("clean")
        _ = try await SiteBuild.run(BuildOptions(source: source, output: clean))
        let page = "boardgames/azul.html"
        let incremental = String(decoding: tree(output)[page] ?? Data(), as: UTF8.self)
        #expect(String(decoding: tree(clean)[page] ?? Data(), as: UTF8.self).contains("<td class=\"num\">1 of 2</td>"))
        #expect(incremental == String(decoding: tree(clean)[page] ?? Data(), as: UTF8.self))
    }

    @Test("An edit of `first:` alone: the board game's page shows the new first player")
    func editSeatsOnly() async throws {
        let temp = try TemporaryFolder()
        let source = temp.url.appendingPathComponent("games")
        let output = temp.url.appendingPathComponent("site")
        try temp.write("games/a.md", Self.azul(1, "Ann: 5, Bo: 3, Cy: 1"))
        var options = BuildOptions(source: source, output: output)
        options.cacheDirectory = temp.url.appendingPathComponent("cache").path
        options.stampSettling = 0
        _ = try await SiteBuild.run(options)
        // Ann won from seat 1; with Bo first, she won from seat 3.
        try temp.write(
            "games/a.md",
            Self.azul(1, "Ann: 5, Bo: 3, Cy: 1").replacingOccurrences(of: "seats:", with: "first: Bo\nseats:"))
        _ = try await SiteBuild.run(options)
        let html = String(decoding: tree(output)["boardgames/azul.html"] ?? Data(), as: UTF8.self)
        #expect(html.contains("<th scope=\"row\">Seat 3</th><td class=\"num\">1 of 1</td>"), "\(html)")
    }
}
