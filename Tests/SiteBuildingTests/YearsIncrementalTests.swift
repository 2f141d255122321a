import Foundation
import TestSupport
import Testing

@testable import SiteBuilding

/// A year in review draws on the years before it (ratings, newcomers, last year's averages): an
/// incremental build renders it again when its figures move, and only then.
@Suite("Years in review in incremental builds")
struct YearsIncrementalTests {
    @Test("An edit of last year's game moves this year's rating climb: the page as a clean build writes it")
    func earlierYearMovesThisYear() async throws {
        let temp = try TemporaryFolder()
        let source = temp.url.appendingPathComponent("games")
        let output = temp.url.appendingPathComponent("site")
        try temp.write(
            "games/a.md", game(title: "Old", date: "2025-06-01", players: "[Ann, Bo]", rounds: "[{Ann: 5, Bo: 3}]"))
        try temp.write(
            "games/b.md", game(title: "New", date: "2026-06-01", players: "[Ann, Bo]", rounds: "[{Ann: 1, Bo: 4}]"))
        var options = BuildOptions(source: source, output: output)
        options.cacheDirectory = temp.url.appendingPathComponent("cache").path
        options.stampSettling = 0
        _ = try await SiteBuild.run(options)
        // Bo now also wins the 2025 game: the ordinal the 2026 climb starts from changes, no 2026 game does.
        try temp.write(
            "games/a.md", game(title: "Old", date: "2025-06-01", players: "[Ann, Bo]", rounds: "[{Ann: 3, Bo: 5}]"))
        _ = try await SiteBuild.run(options)
        let clean = temp.url.appendingPathComponent("clean")
        _ = try await SiteBuild.run(BuildOptions(source: source, output: clean))
        let page = "years/2026.html"
        let built = String(decoding: tree(output)[page] ?? Data(), as: UTF8.self)
        #expect(built.contains("Biggest rating climb"))
        #expect(built == String(decoding: tree(clean)[page] ?? Data(), as: UTF8.self))
    }
}
