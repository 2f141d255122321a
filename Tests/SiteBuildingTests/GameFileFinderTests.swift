import Foundation
import GameDomain
import TestSupport
import Testing

@testable import SiteBuilding

/// Symbolic links are followed only while they stay inside the source folder.
@Suite("Finding game files")
struct GameFileFinderTests {
    func link(_ temp: borrowing TemporaryFolder, _ relativePath: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: temp.url.appendingPathComponent(relativePath).path, withDestinationPath: destination)
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

    /// Strings take a name and its other Unicode normalisation for equal; a folder keyed by its
    /// path as a string would hide, or be read as, its twin (a Mac's copy beside a Linux one).
    @Test("Two folders whose names differ only in Unicode normalisation are both walked, each as itself")
    func foldersInTwoNormalisations() throws {
        let temp = try TemporaryFolder()
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        try temp.write("games/\(composed)/one.md", game(title: "One"))
        try temp.write("games/\(decomposed)/two.md", game(title: "Two"))
        try temp.write("games/\(decomposed)/three.md", game(title: "Three"))
        let listing = try GameFileFinder.list(temp.url.appendingPathComponent("games"))
        let found = listing.files.map { Array($0.relativePath.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        let expected = [
            "\(composed)/one.md", "\(decomposed)/three.md", "\(decomposed)/two.md",
        ].map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        #expect(found == expected)
        for file in listing.files {
            #expect(FileManager.default.fileExists(atPath: file.realPath), "\(file.relativePath)")
        }
    }

    /// The source folder's twin in the other Unicode normalisation is another folder: a link
    /// into it points outside, though the two paths are equal as strings.
    @Test("A link into the source folder's Unicode twin is outside")
    func linkIntoTheSourcesTwin() throws {
        let temp = try TemporaryFolder()
        try temp.write("caf\u{E9}/one.md", game(title: "One"))
        try temp.write("cafe\u{301}/secret.md", game(title: "Secret"))
        try link(temp, "caf\u{E9}/secret.md", to: "../cafe\u{301}/secret.md")
        let listing = try GameFileFinder.list(temp.url.appendingPathComponent("caf\u{E9}"))
        #expect(paths(listing) == ["one.md"])
        #expect(listing.linksOutside == ["secret.md"])
    }

    /// `isPath(inside:)` against the definition, by bytes, on paths made of names in both
    /// normalisations, prefixes of names and `/`.
    @Test("A path is inside a folder when its bytes are the folder's, then / or nothing")
    func insideByBytes() {
        var random = SplitMix64(seed: 5)
        let names = ["caf\u{E9}", "cafe\u{301}", "caf", "cafe", "a", "ab"]
        func path() -> String {
            "/"
                + (0..<Int.random(in: 0...3, using: &random)).map { _ in names.randomElement(using: &random) ?? "a" }
                .joined(separator: "/")
        }
        for _ in 0..<2_000 {
            let (candidate, folder) = (path(), path())
            let bytes = Array(candidate.utf8)
            let base = Array(folder.utf8.reversed().drop { $0 == UInt8(ascii: "/") }.reversed())
            let expected =
                bytes.starts(with: base)
                && (bytes.count == base.count || bytes[base.count] == UInt8(ascii: "/"))
            #expect(candidate.isPath(inside: folder) == expected, "\(Array(candidate.utf8)) in \(Array(folder.utf8))")
        }
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
        let summary = try await SiteBuild.run(
            BuildOptions(source: source, output: temp.url.appendingPathComponent("site")))
        #expect(summary.games == 1)
        #expect(
            summary.notes.map(\.description) == [
                "\(source.path)/secret.md: note: skipped: a symbolic link pointing outside the source folder (links are followed only inside it)"
            ])
    }

    /// `path` under the folder, with raw bytes in the name: a file holding `contents`, a folder,
    /// or a symbolic link to `link`.
    func create(_ temp: borrowing TemporaryFolder, _ path: [UInt8], contents: String? = nil, link: String? = nil) throws
    {
        let name = (Array(temp.url.path.utf8) + [UInt8(ascii: "/")] + path + [0]).map { CChar(bitPattern: $0) }
        if let link {
            try #require(symlink(link, name) == 0)
        } else if let contents {
            let file = open(name, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            try #require(file >= 0)
            defer { close(file) }
            try #require(
                Array(contents.utf8).withUnsafeBytes { write(file, $0.baseAddress, $0.count) } == contents.utf8.count)
        } else {
            try #require(mkdir(name, 0o755) == 0)
        }
    }

    #if os(Linux)
        // Linux file systems take any bytes in a name; APFS refuses names that are not UTF-8.
        @Test("Game files and folders whose names are not UTF-8 are errors, never skipped in silence")
        func namesNotUTF8() async throws {
            let temp = try TemporaryFolder()
            try temp.write("games/one.md", game(title: "One"))
            try create(temp, Array("games/caf".utf8) + [0xE9] + Array(".md".utf8), contents: game(title: "Café"))
            try create(temp, Array("games/Spi".utf8) + [0xE9, 0x01] + Array("le".utf8))
            try create(
                temp, Array("games/Spi".utf8) + [0xE9, 0x01] + Array("le/two.md".utf8), contents: game(title: "Two"))
            try create(temp, Array("games/to-".utf8) + [0xFF], link: "night")
            try temp.write("games/night/three.md", game(title: "Three"))
            // Neither a game file nor a folder, or hidden: not the build's business.
            try create(temp, Array("games/photo-".utf8) + [0xE9] + Array(".jpg".utf8), contents: "")
            try create(temp, Array("games/.caf".utf8) + [0xE9] + Array(".md".utf8), contents: game(title: "Hidden"))
            let source = temp.url.appendingPathComponent("games")
            let listing = try GameFileFinder.list(source)
            #expect(paths(listing) == ["night/three.md", "one.md"])
            #expect(listing.namesNotUTF8 == [#"Spi\xE9\x01le"#, #"caf\xE9.md"#, #"to-\xFF"#])

            let site = temp.url.appendingPathComponent("site")
            let error = await #expect(throws: BuildError.self) {
                try await SiteBuild.run(BuildOptions(source: source, output: site))
            }
            guard case .input(let problems) = error else {
                Issue.record("expected input errors, got \(String(describing: error))")
                return
            }
            #expect(
                problems.map(\.path) == [#"Spi\xE9\x01le"#, #"caf\xE9.md"#, #"to-\xFF"#].map { "\(source.path)/\($0)" })
            #expect(problems.allSatisfy { $0.severity == .error && $0.hint?.contains("UTF-8") == true })
            #expect(!FileManager.default.fileExists(atPath: site.path))
        }
    #endif
}

/// `serve` lists only the paths its file watcher reports; the result must be the listing.
@Suite("Updating a listing from changed paths")
struct ListingUpdateTests {
    @Test(
        "After each random change, the listing updated from the changed paths equals a new listing",
        arguments: [1, 2, 3] as [UInt64])
    func randomChanges(seed: UInt64) throws {
        let temp = try TemporaryFolder()
        let root = try #require(GameFileFinder.realPath(temp.url.path))
        let manager = FileManager.default
        for name in ["a.md", "b.md", "night/c.md", "night/d.md", "notes.txt"] {
            try temp.write(name, game(title: name))
        }
        var listing = try GameFileFinder.list(temp.url)
        var random = SplitMix64(seed: seed)
        var updates = 0
        for step in 1...40 {
            let files = listing.files.map(\.relativePath)
            let picked = files.randomElement(using: &random) ?? ""
            var touched = [picked]
            switch picked.isEmpty ? 0 : Int.random(in: 0..<7, using: &random) {
            case 0:
                touched = ["night/new-\(step).md"]
                try temp.write(touched[0], game(title: "New"))
            case 1: try temp.write(picked, game(title: "Step \(step)"))
            case 2: try manager.removeItem(atPath: root + "/" + picked)
            case 3:
                touched.append("renamed-\(step).md")
                try manager.moveItem(atPath: root + "/" + picked, toPath: root + "/renamed-\(step).md")
            case 4:
                touched = ["notes.txt"]
                try temp.write("notes.txt", "step \(step)")
            case 5:
                touched = [".hidden-\(step).md"]
                try temp.write(touched[0], game(title: "Hidden"))
            default:
                touched = ["README.md"]
                try temp.write("README.md", "# Games")
            }
            let updated = GameFileFinder.updated(listing, changedAt: touched.map { root + "/" + $0 })
            listing = try GameFileFinder.list(temp.url)
            #expect(updated == listing, "seed \(seed), step \(step): \(touched)")
            if updated != nil { updates += 1 }
        }
        #expect(updates == 40)
    }

    @Test(
        "A change the paths cannot describe asks for a new listing",
        arguments: [
            "folder", "folder gone", "link", "hard link", "hard link, another name", "link before", "not UTF-8",
        ])
    func changesThatNeedAListing(change: String) throws {
        let temp = try TemporaryFolder()
        let root = try #require(GameFileFinder.realPath(temp.url.path))
        let manager = FileManager.default
        try temp.write("night/a.md", game(title: "A"))
        if change == "link before" {
            try manager.createSymbolicLink(atPath: root + "/b.txt", withDestinationPath: "night/a.md")
        }
        let listing = try GameFileFinder.list(temp.url)
        #expect(listing.isPlain == (change != "link before"))
        var path = root + "/a.md"
        switch change {
        case "folder":
            path = root + "/more"
            try temp.write("more/b.md", game(title: "B"))
        case "folder gone":
            path = root + "/night"
            try manager.removeItem(atPath: path)
        case "link": try manager.createSymbolicLink(atPath: path, withDestinationPath: "night/a.md")
        case "hard link": try manager.linkItem(atPath: root + "/night/a.md", toPath: path)
        // An edit through a.txt would change night/a.md with no event at its path.
        case "hard link, another name":
            path = root + "/a.txt"
            try manager.linkItem(atPath: root + "/night/a.md", toPath: path)
        case "not UTF-8": path = root + "/caf\u{FFFD}.md"
        default: break
        }
        #expect(GameFileFinder.updated(listing, changedAt: [path]) == nil)
    }

    /// Strings take a name and its other Unicode normalisation for equal; the file system
    /// holds two names (files copied from a Mac are often decomposed, NFD).
    @Test("A rename between two normalisations of a name is two files' change")
    func renameBetweenNormalisations() throws {
        let temp = try TemporaryFolder()
        let root = try #require(GameFileFinder.realPath(temp.url.path))
        let decomposed = "cafe\u{301}.md"
        let composed = "caf\u{E9}.md"
        #expect(decomposed == composed && !decomposed.utf8.elementsEqual(composed.utf8))
        try temp.write(decomposed, game(title: "Café"))
        let listing = try GameFileFinder.list(temp.url)
        try FileManager.default.moveItem(atPath: root + "/" + decomposed, toPath: root + "/" + composed)
        let updated = try #require(
            GameFileFinder.updated(listing, changedAt: [root + "/" + decomposed, root + "/" + composed]))
        #expect(updated == (try GameFileFinder.list(temp.url)))
        #expect(updated.files.map { Array($0.relativePath.utf8) } == [Array(composed.utf8)])
    }
}
