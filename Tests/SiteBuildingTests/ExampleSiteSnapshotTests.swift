import Foundation
import SiteRendering
import SnapshotKit
import TestSupport
import Testing

@testable import SiteBuilding

extension BuildOptions {
    /// Options whose cards' versions leave out the machine's fonts (`cardRasterizer`), for
    /// snapshots of pages that name a card.
    static func pinned(source: URL, output: URL) -> BuildOptions {
        var options = BuildOptions(source: source, output: output)
        options.cardRasterizer = ""
        return options
    }
}

@Suite("Example site snapshot")
struct ExampleSiteSnapshotTests {
    /// The whole site built from examples/, file by file: any change to any page shows up here.
    @Test func exampleSite() async throws {
        let temp = try TemporaryFolder()
        let out = temp.url.appendingPathComponent("site")
        _ = try await SiteBuild.run(.pinned(source: examplesFolder, output: out))
        assertSnapshot(of: out, as: .directory, named: "examples")
    }

    /// With `--base-url`: the feed, the sitemap, canonical links on every page, and the calendar's addresses.
    @Test func publishing() async throws {
        let temp = try TemporaryFolder()
        let out = temp.url.appendingPathComponent("site")
        var options = BuildOptions.pinned(source: examplesFolder, output: out)
        options.baseURL = BaseURL("https://example.org/game-nights")
        _ = try await SiteBuild.run(options)
        let site = tree(out)
        assertSnapshot(
            of: String(decoding: try #require(site["feed.xml"]), as: UTF8.self), as: .lines, named: "feed.xml")
        assertSnapshot(
            of: String(decoding: try #require(site["sitemap.xml"]), as: UTF8.self), as: .lines, named: "sitemap.xml")
        assertSnapshot(
            of: String(decoding: try #require(site["nights.ics"]), as: UTF8.self), as: .lines, named: "nights.ics")
        for (path, data) in site where path.hasSuffix(".html") && path != "404.html" {
            #expect(
                String(decoding: data, as: UTF8.self).contains(
                    "<link rel=\"canonical\" href=\"https://example.org/game-nights/\(path)\">"), "\(path)")
        }
        // Every page but the search page (it shows nothing of its own) is in the sitemap, and
        // without a base URL neither file is written.
        let pages = site.keys.filter { $0.hasSuffix(".html") && $0 != "404.html" && $0 != "search.html" }
        #expect(
            String(decoding: site["sitemap.xml"] ?? Data(), as: UTF8.self).components(separatedBy: "<loc>").count - 1
                == pages.count)
        _ = try await SiteBuild.run(BuildOptions(source: examplesFolder, output: out))
        #expect(tree(out)["feed.xml"] == nil && tree(out)["sitemap.xml"] == nil)
    }

    /// With `paginate: 2`: each long list's main page shows its newest items and links its
    /// archive, whose pages count from the oldest, with the sitemap listing them.
    @Test func archivePages() async throws {
        let temp = try TemporaryFolder()
        let source = temp.url.appendingPathComponent("games")
        try FileManager.default.copyItem(at: examplesFolder, to: source)
        try Data("paginate: 2\n".utf8).write(to: source.appendingPathComponent("gamenight.yaml"))
        let out = temp.url.appendingPathComponent("site")
        var options = BuildOptions.pinned(source: source, output: out)
        options.baseURL = BaseURL("https://example.org/game-nights")
        _ = try await SiteBuild.run(options)
        let site = tree(out)
        for page in [
            "nights/index.html", "nights/page/1.html", "nights/page/3.html", "kinds/scores.html",
            "kinds/scores/page/2.html",
            "boardgames/catan/page/1.html", "players/andre.html", "players/andre/page/1.html",
        ] {
            assertSnapshot(
                of: String(decoding: try #require(site[page], "\(page)"), as: UTF8.self), as: .html,
                named: String(page.dropLast(5)).replacingOccurrences(of: "/", with: "-"))
        }
        let archives = site.keys.filter { $0.contains("/page/") }
        let sitemap = String(decoding: site["sitemap.xml"] ?? Data(), as: UTF8.self)
        #expect(archives.count > 20 && archives.allSatisfy { sitemap.contains("game-nights/\($0)<") })
    }

    @Test func scoreJSON() async throws {
        let files = try GameFileFinder.find(in: examplesFolder).map {
            (path: "examples/" + $0.relativePath, url: $0.url)
        }
        let outcome = await GameLoader.load(files)
        #expect(outcome.diagnostics.isEmpty)
        assertSnapshot(of: ScoreReport.json(outcome.games), as: .lines, named: "examples.json")
    }
}
