import CardRasterizing
import Foundation
import SiteRendering
import TestSupport
import Testing

@testable import SiteBuilding

/// The cards a build draws, counted through `BuildOptions.drawCard`.
final class DrawnCards: @unchecked Sendable {
    private let lock = NSLock()
    private var svgs: [String] = []

    /// Draws with librsvg, and remembers the SVG.
    var draw: @Sendable ([UInt8]) throws -> [UInt8] {
        { svg in
            self.lock.withLock { self.svgs.append(String(decoding: svg, as: UTF8.self)) }
            return try CardRasterizer.png(svg: svg, width: LinkCard.width, height: LinkCard.height)
        }
    }

    /// The titles of the cards drawn since the last call, and forgets them.
    func take() -> [String] {
        lock.withLock {
            defer { svgs = [] }
            return svgs.compactMap { svg in svg.firstMatch(of: /<title>(.*?)<\/title>/).map { String($0.1) } }.sorted()
        }
    }

    /// Every SVG drawn so far.
    var all: [String] { lock.withLock { svgs } }
}

@Suite("Link-preview cards in builds")
struct CardBuildTests {
    final class Site {
        let temp: TemporaryFolder
        var source: URL { temp.url.appendingPathComponent("games") }
        var output: URL { temp.url.appendingPathComponent("site") }
        var cache: String { temp.url.appendingPathComponent("cache").path }
        let drawn = DrawnCards()

        init() throws {
            temp = try TemporaryFolder()
            try temp.write(
                "games/g1.md", game(title: "G1", date: "2026-10-01", players: "[Ann, Bo]", rounds: "[{Ann: 3, Bo: 5}]"))
            try temp.write(
                "games/g2.md", game(title: "G2", date: "2026-10-02", players: "[Ann, Cy]", rounds: "[{Ann: 3, Cy: 5}]"))
            try temp.write(
                "games/g3.md", game(title: "G3", date: "2026-10-03", players: "[Bo, Cy]", rounds: "[{Bo: 3, Cy: 5}]"))
        }

        func options(output: URL? = nil, cache: String? = nil) -> BuildOptions {
            var options = BuildOptions(source: source, output: output ?? self.output)
            options.baseURL = BaseURL("https://example.org/nights/")
            options.cacheDirectory = cache ?? self.cache
            options.stampSettling = 50_000_000
            options.drawCard = drawn.draw
            // Not the machine's fonts: a test changes them.
            options.cardRasterizer = "fonts A"
            return options
        }

        /// The folder of the cards kept for this site.
        var folder: String? {
            CardCache(directory: cache, source: source, output: output, rasterizer: "", draw: drawn.draw).folder
        }

        /// The PNG files kept in the folder, by name.
        func kept() throws -> [String: Data] {
            let folder = try #require(folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }
            return try Dictionary(
                uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0))) })
        }

        /// The published site's cards.
        var published: [String: Data] { tree(output).filter { $0.key.hasPrefix("cards/") } }
    }

    /// A clean build draws every card; after that, a card is drawn again only when what it
    /// shows changed: a result moves its game's, its night's, its players' and its year's cards.
    @Test func onlyTheChangedGamesCardsAreDrawnAgain() async throws {
        let site = try Site()
        let first = try await SiteBuild.run(site.options())
        // 3 games, 3 nights, 3 players, 1 year.
        #expect(site.drawn.take().count == 10 && first.cardsDrawn == 10)
        let built = tree(site.output)
        #expect(built.keys.filter { $0.hasPrefix("cards/") && $0.hasSuffix(".png") }.count == 10)
        #expect(
            built["cards/games/g1.png"] != nil && built["cards/nights/2026-10-01.png"] != nil
                && built["cards/players/ann.png"] != nil
                && built["cards/years/2026.png"] != nil)

        _ = try await SiteBuild.run(site.options())
        #expect(site.drawn.take().isEmpty)

        // The notes are not on the card: its scorecard is rendered again, its card is not drawn.
        try site.temp.write(
            "games/g1.md",
            game(title: "G1", date: "2026-10-01", players: "[Ann, Bo]", rounds: "[{Ann: 3, Bo: 5}]") + "More notes.\n")
        let notes = try await SiteBuild.run(site.options())
        #expect(notes.rendered > 0 && site.drawn.take().isEmpty)

        // Ann wins G1 now.
        try site.temp.write(
            "games/g1.md", game(title: "G1", date: "2026-10-01", players: "[Ann, Bo]", rounds: "[{Ann: 9, Bo: 5}]"))
        let changed = try await SiteBuild.run(site.options())
        let titles = site.drawn.take()
        #expect(changed.cardsDrawn == 5 && titles.count == 5, "\(titles)")
        #expect(titles.contains("G1") && titles.contains("Ann") && titles.contains("Bo"), "\(titles)")
        #expect(!titles.contains("G2") && !titles.contains("G3") && !titles.contains("Cy"), "\(titles)")

        // The folder keeps the site's cards only: the old versions of the cards drawn again are gone.
        func kept() throws -> Int { try site.kept().count }
        #expect(try kept() == 10)
        // Every page rendered again and every card drawn again (`--no-cache`: after new fonts,
        // say, the folder's PNGs are not what the machine draws now).
        var everything = site.options()
        everything.readsCache = false
        _ = try await SiteBuild.run(everything)
        #expect(site.drawn.take().count == 10)
        #expect(try kept() == 10)

        // The same site as a clean build with a cache of its own: the PNGs are byte-identical.
        let fresh = site.temp.url.appendingPathComponent("fresh")
        _ = try await SiteBuild.run(
            site.options(output: fresh, cache: site.temp.url.appendingPathComponent("other-cache").path))
        #expect(site.drawn.take().count == 10)
        let incremental = tree(site.output)
        let clean = tree(fresh)
        #expect(incremental.keys.sorted() == clean.keys.sorted())
        for (path, data) in clean where path != ".gamenight" { #expect(incremental[path] == data, "\(path)") }
    }

    /// The folder holds the cards of the site as last published: a deleted game's card and the
    /// old versions of the cards it was on go with the build that drops them, an incremental one.
    @Test func aDeletedGamesCardLeavesTheFolderWithTheNextBuild() async throws {
        let site = try Site()
        _ = try await SiteBuild.run(site.options())
        #expect(try Set(site.kept().values) == Set(site.published.values) && site.published.count == 10)
        try FileManager.default.removeItem(at: site.source.appendingPathComponent("g3.md"))
        let deleted = try await SiteBuild.run(site.options())
        #expect(deleted.reused > 0)
        // G1, G2, their nights, Ann, Bo and Cy, the year: G3's card and its night's are gone, and
        // the old cards of Bo, Cy and the year.
        #expect(site.published["cards/games/g3.png"] == nil && site.published.count == 8)
        #expect(try Set(site.kept().values) == Set(site.published.values))
        // A build that derives nothing (notes edited) keeps them all.
        try site.temp.write(
            "games/g1.md",
            game(title: "G1", date: "2026-10-01", players: "[Ann, Bo]", rounds: "[{Ann: 3, Bo: 5}]") + "Notes.\n")
        _ = try await SiteBuild.run(site.options())
        #expect(try Set(site.kept().values) == Set(site.published.values) && site.kept().count == 8)
    }

    /// A kept card damaged in the middle (a flipped bit, bytes lost with its end intact) is drawn
    /// again, not published.
    @Test func aDamagedKeptCardIsDrawnAgain() async throws {
        let site = try Site()
        _ = try await SiteBuild.run(site.options())
        let clean = site.published
        _ = site.drawn.take()
        let folder = try #require(site.folder)
        let names = try site.kept().keys.sorted()
        var flipped = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + names[0]))
        flipped[flipped.count / 2] ^= 0x10
        try flipped.write(to: URL(fileURLWithPath: folder + "/" + names[0]))
        let whole = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + names[1]))
        try (whole.prefix(whole.count / 2) + whole.suffix(12)).write(to: URL(fileURLWithPath: folder + "/" + names[1]))
        // Every page rendered again (no build record): each card is taken from the folder unless damaged.
        try FileManager.default.removeItem(atPath: site.cache + "/sites")
        let rebuilt = try await SiteBuild.run(site.options())
        #expect(rebuilt.cardsDrawn == 2 && site.drawn.take().count == 2)
        #expect(site.published == clean)
        #expect(try Set(site.kept().values) == Set(clean.values))
    }

    /// Any damage to a PNG's bytes fails `PNGCheck`: every chunk's CRC and IEND at the end.
    @Test func pngCheckFindsDamageAnywhere() throws {
        let png = try CardRasterizer.png(
            svg: Array(
                #"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><text y="15">Ab</text></svg>"#.utf8),
            width: 40, height: 20)
        #expect(PNGCheck.isWhole(png))
        for position in stride(from: 0, to: png.count, by: max(1, png.count / 97)) {
            var damaged = png
            damaged[position] ^= 0x01
            #expect(!PNGCheck.isWhole(damaged), "\(position)")
            #expect(!PNGCheck.isWhole(Array(png.prefix(position))), "\(position)")
        }
        #expect(!PNGCheck.isWhole(png + [0]))
    }

    /// Other fonts (another identity of what draws) draw every card again without `--no-cache`,
    /// and every page names its card by a new address.
    @Test func newFontsDrawTheCardsAgainUnderNewAddresses() async throws {
        let site = try Site()
        func image() throws -> String {
            let page = String(decoding: try #require(tree(site.output)["games/g1.html"]), as: UTF8.self)
            return String(try #require(page.firstMatch(of: /<meta property="og:image" content="([^"]*)">/)).1)
        }
        _ = try await SiteBuild.run(site.options())
        let before = try image()
        _ = site.drawn.take()
        var fonts = site.options()
        fonts.cardRasterizer = "fonts B"
        let summary = try await SiteBuild.run(fonts)
        #expect(summary.cardsDrawn == 10 && site.drawn.take().count == 10)
        #expect(try image() != before)
        // The cards drawn with the old fonts are gone from the folder.
        #expect(try Set(site.kept().values) == Set(site.published.values) && site.kept().count == 10)
    }

    /// As `serve` builds (the last record in memory, staged into the folder of the site before):
    /// a save that changes one result draws its cards again, and only those.
    @Test func aServeSaveDrawsOnlyTheChangedCards() async throws {
        let site = try Site()
        let memory = BuildMemory()
        var spare: URL?
        let folder = try #require(GameFileFinder.realPath(site.temp.url.path))
        func build() async throws -> BuildSummary {
            var options = site.options()
            options.memory = memory
            options.keepsPreviousSite = true
            options.recycledStaging = spare
            let summary = try await SiteBuild.run(options)
            spare = summary.previousSite
            return summary
        }
        #expect(try await build().cardsDrawn == 10)
        _ = site.drawn.take()
        try site.temp.write(
            "games/g3.md", game(title: "G3", date: "2026-10-03", players: "[Bo, Cy]", rounds: "[{Bo: 9, Cy: 5}]"))
        memory.noteChanges(at: [folder + "/games/g3.md"])
        let saved = try await build()
        let titles = site.drawn.take()
        // G3, its night, Bo and Cy, the year; not G1, G2 or Ann.
        #expect(saved.cardsDrawn == 5 && titles.count == 5, "\(titles)")
        #expect(titles.contains("G3") && titles.contains("Bo") && titles.contains("Cy"), "\(titles)")
        #expect(!titles.contains("G1") && !titles.contains("G2") && !titles.contains("Ann"), "\(titles)")
        #expect(tree(site.output)["cards/games/g3.png"] != nil)
    }

    /// A page names its card by an address that changes with the picture and with nothing else:
    /// a chat app that keeps previews by address must not show an edited game's old winner.
    @Test func theCardsAddressChangesWithThePicture() async throws {
        let site = try Site()
        func image() throws -> String {
            let page = String(decoding: try #require(tree(site.output)["games/g1.html"]), as: UTF8.self)
            return String(try #require(page.firstMatch(of: /<meta property="og:image" content="([^"]*)">/)).1)
        }
        _ = try await SiteBuild.run(site.options())
        let first = try image()
        #expect(
            first.hasPrefix("https://example.org/nights/cards/games/g1.png?v=")
                && first.count == "https://example.org/nights/cards/games/g1.png?v=".count + 8)
        try site.temp.write(
            "games/g1.md",
            game(title: "G1", date: "2026-10-01", players: "[Ann, Bo]", rounds: "[{Ann: 3, Bo: 5}]") + "More notes.\n")
        _ = try await SiteBuild.run(site.options())
        #expect(try image() == first)
        try site.temp.write(
            "games/g1.md", game(title: "G1", date: "2026-10-01", players: "[Ann, Bo]", rounds: "[{Ann: 9, Bo: 5}]"))
        _ = try await SiteBuild.run(site.options())
        #expect(try image() != first && image().hasPrefix("https://example.org/nights/cards/games/g1.png?v="))
    }

    /// `--no-cards`, or no base URL (og:image must be absolute): no card file, no card in a head.
    @Test func noCardsWithoutBaseURLOrWithNoCards() async throws {
        let site = try Site()
        var off = site.options()
        off.makesCards = false
        var noBase = site.options(output: site.temp.url.appendingPathComponent("relative"))
        noBase.baseURL = nil
        for options in [off, noBase] {
            let summary = try await SiteBuild.run(options)
            #expect(summary.cardsDrawn == 0)
            let built = tree(options.output)
            #expect(!built.keys.contains { $0.hasPrefix("cards/") })
            #expect(!built.values.contains { String(decoding: $0, as: UTF8.self).contains("og:image") })
        }
        #expect(site.drawn.take().isEmpty)
    }

    /// A card that cannot be drawn stops the build with an error naming its page.
    @Test func aCardThatCannotBeDrawnIsAnErrorNamingThePage() async throws {
        let site = try Site()
        var options = site.options()
        options.drawCard = { svg in
            if String(decoding: svg, as: UTF8.self).contains("<title>G2</title>") {
                throw CardRasterizer.Failure(description: "no memory")
            }
            return try CardRasterizer.png(svg: svg, width: LinkCard.width, height: LinkCard.height)
        }
        await #expect {
            _ = try await SiteBuild.run(options)
        } throws: { error in
            let text = "\(error)"
            return text.contains("games/g2.html") && text.contains("cards/games/g2.png") && text.contains("no memory")
                && text.contains("--no-cards")
        }
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }
}
