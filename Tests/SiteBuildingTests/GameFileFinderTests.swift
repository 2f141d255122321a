import Foundation
import SiteBuilding
import Testing

/// Symbolic links are followed only while they stay inside the source folder.
@Suite("Finding game files")
struct GameFileFinderTests {
    func link(_ temp: borrowing TemporaryFolder, _ relativePath: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: temp.url.appendingPathComponent(relativePath).path, withDestinationPath: destination)
    }

    func paths(_ listing: GameFileFinder.Listing) -> [String] { listing.files.map(\.relativePath) }

    @Test("Links inside the folder are followed; a game reachable without a link keeps its own path")
    func linksInside() throws {
        let temp = try TemporaryFolder()
        try temp.write("games/one.md", game(title: "One"))
        try temp.write("games/night/two.md", game(title: "Two"))
        try temp.write("games/.drafts/three.md", game(title: "Three"))
        try temp.write("games/.archive/old/four.md", game(title: "Four"))
        try link(temp, "games/also-one.md", to: "one.md")
        try link(temp, "games/same-night", to: "night")
        try link(temp, "games/three.md", to: ".drafts/three.md")
        try link(temp, "games/old", to: ".archive/old")
        let listing = try GameFileFinder.list(temp.url.appendingPathComponent("games"))
        #expect(paths(listing) == ["night/two.md", "old/four.md", "one.md", "three.md"])
        #expect(listing.linksOutside.isEmpty)
        // The file is read where it really is.
        let three = listing.files.first { $0.relativePath == "three.md" }
        #expect(three?.url.path.hasSuffix("/games/.drafts/three.md") == true)
    }

    @Test("Links pointing outside the folder are not followed, and listed")
    func linksOutside() throws {
        let temp = try TemporaryFolder()
        try temp.write("games/one.md", game(title: "One"))
        try temp.write("elsewhere/secret.md", game(title: "Secret"))
        try link(temp, "games/secret.md", to: "../elsewhere/secret.md")
        try link(temp, "games/elsewhere", to: temp.url.appendingPathComponent("elsewhere").path)
        try link(temp, "games/root", to: "/")
        try link(temp, "games/sneaky", to: "../games/../elsewhere")
        let listing = try GameFileFinder.list(temp.url.appendingPathComponent("games"))
        #expect(paths(listing) == ["one.md"])
        #expect(listing.linksOutside == ["elsewhere", "root", "secret.md", "sneaky"])
    }

    @Test("Link cycles end; dangling and self-referring links are ignored")
    func cyclesAndDanglingLinks() throws {
        let temp = try TemporaryFolder()
        try temp.write("games/a/one.md", game(title: "One"))
        try temp.write("games/b/two.md", game(title: "Two"))
        try link(temp, "games/a/up", to: "..")
        try link(temp, "games/a/to-b", to: "../b")
        try link(temp, "games/b/to-a", to: "../a")
        try link(temp, "games/a/here", to: ".")
        try link(temp, "games/gone.md", to: "missing.md")
        try link(temp, "games/self.md", to: "self.md")
        try link(temp, "games/ping.md", to: "pong.md")
        try link(temp, "games/pong.md", to: "ping.md")
        let listing = try GameFileFinder.list(temp.url.appendingPathComponent("games"))
        #expect(paths(listing) == ["a/one.md", "b/two.md"])
        #expect(listing.linksOutside.isEmpty)
    }

    @Test("A folder reached only through links is walked once, under the first link's path")
    func folderBehindTwoLinks() throws {
        let temp = try TemporaryFolder()
        try temp.write("games/.hidden/one.md", game(title: "One"))
        try link(temp, "games/first", to: ".hidden")
        try link(temp, "games/second", to: ".hidden")
        #expect(paths(try GameFileFinder.list(temp.url.appendingPathComponent("games"))) == ["first/one.md"])
    }

    @Test("The build follows links inside and notes the links outside, and carries on")
    func buildNotesLinksOutside() async throws {
        let temp = try TemporaryFolder()
        try temp.write("games/one.md", game(title: "One"))
        try temp.write("elsewhere/secret.md", game(title: "Secret"))
        try link(temp, "games/secret.md", to: "../elsewhere/secret.md")
        try link(temp, "games/again.md", to: "one.md")
        let source = temp.url.appendingPathComponent("games")
        let summary = try await SiteBuild.run(BuildOptions(source: source, output: temp.url.appendingPathComponent("site")))
        #expect(summary.games == 1)
        #expect(summary.notes.map(\.description) == [
            "\(source.path)/secret.md: note: skipped: a symbolic link pointing outside the source folder (links are followed only inside it)",
        ])
    }
}
