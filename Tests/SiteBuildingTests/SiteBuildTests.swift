import Foundation
import SiteRendering
import TestSupport
import Testing

@testable import SiteBuilding

@Suite("Building a site")
struct SiteBuildTests {
    @Test("The examples build, every page exists and every relative link resolves")
    func examplesBuild() async throws {
        let temp = try TemporaryFolder()
        let out = temp.url.appendingPathComponent("site")
        let summary = try await SiteBuild.run(BuildOptions(source: examplesFolder, output: out))
        let files = tree(out)
        #expect(summary.games >= 4)
        #expect(files["index.html"] != nil)
        #expect(files["style.css"] != nil)
        #expect(files[".gamenight"] != nil)
        let pages = files.keys.filter { $0.hasSuffix(".html") }
        #expect(pages.count == summary.pages)
        #expect(pages.filter { $0.hasPrefix("games/") }.count == summary.games)

        var checked = 0
        for page in pages {
            let html = String(decoding: files[page] ?? Data(), as: UTF8.self)
            for link in links(in: html) {
                let target = out.appendingPathComponent(page).deletingLastPathComponent().appendingPathComponent(link)
                    .standardizedFileURL
                #expect(target.path.hasPrefix(out.path + "/"), "\(page) links outside the site: \(link)")
                #expect(FileManager.default.fileExists(atPath: target.path), "\(page) links to missing \(link)")
                checked += 1
            }
        }
        #expect(checked > summary.games * 2)
        // The index links every game.
        let index = String(decoding: files["index.html"] ?? Data(), as: UTF8.self)
        for page in pages where page.hasPrefix("games/") { #expect(index.contains("href=\"\(page)\"")) }
    }

    @Test(
        "Timings name each phase; the link check's CPU time is counted only when asked for", arguments: [false, true])
    func timings(measured: Bool) async throws {
        let temp = try TemporaryFolder()
        var options = BuildOptions(source: examplesFolder, output: temp.url.appendingPathComponent("site"))
        options.measuresTimings = measured
        let timings = try await SiteBuild.run(options).timings
        #expect(timings.phases.map(\.name) == ["find", "load", "derive", "render", "publish"])
        #expect(timings.phases.allSatisfy { $0.seconds >= 0 })
        if measured {
            #expect(try #require(timings.linkCheckCPU) > 0)
        } else {
            #expect(timings.linkCheckCPU == nil)
        }
    }

    /// `href` and `src` values that are relative links (not `#…`, not `scheme:`).
    func links(in html: String) -> [String] {
        let pattern = /(?:href|src)="([^"#]+)(?:#[^"]*)?"/
        return html.matches(of: pattern).map { String($0.1) }.filter { !$0.contains(":") }
    }

    @Test("A failing build writes nothing and leaves the previous site exactly as it was")
    func failingBuildLeavesSiteUntouched() async throws {
        let temp = try TemporaryFolder()
        try temp.write("games/good.md", game(title: "Good"))
        let out = temp.url.appendingPathComponent("site")
        _ = try await SiteBuild.run(BuildOptions(source: temp.url.appendingPathComponent("games"), output: out))
        let before = tree(out)
        #expect(before["games/good.html"] != nil)

        try temp.write("games/bad.md", game(title: "Bad", rounds: "[{Z: 1}]"))
        try temp.write("games/worse.md", "---\ngame: scores\n")
        await #expect {
            try await SiteBuild.run(BuildOptions(source: temp.url.appendingPathComponent("games"), output: out))
        } throws: { error in
            guard case BuildError.input(let diagnostics) = error else { return false }
            let lines = diagnostics.map(\.description)
            // Every error of every file, each as path:line:column.
            return lines.count == 2 && lines[0].contains("bad.md:6:11: error: round 1 names `Z`")
                && lines[1].contains("worse.md:1:1: error: the front matter opened here is never closed")
        }
        #expect(tree(out) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: temp.url.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test("Drafts are left out, with their players and nights, unless asked for")
    func drafts() async throws {
        let temp = try TemporaryFolder()
        let source = temp.url.appendingPathComponent("games")
        let out = temp.url.appendingPathComponent("site")
        try temp.write("games/one.md", game(title: "One"))
        try temp.write(
            "games/two.md", "---\ngame: scores\ntitle: Two\ndate: 2026-12-01\ndraft: true\nplayers: [Zed]\n---\n")
        var options = BuildOptions(source: source, output: out)
        let summary = try await SiteBuild.run(options)
        #expect(summary.games == 1 && summary.drafts == 1)
        #expect(
            tree(out)["games/two.html"] == nil && tree(out)["players/zed.html"] == nil
                && tree(out)["nights/2026-12-01.html"] == nil)
        options.includesDrafts = true
        _ = try await SiteBuild.run(options)
        #expect(
            tree(out)["games/two.html"] != nil && tree(out)["players/zed.html"] != nil
                && tree(out)["nights/2026-12-01.html"] != nil)
        try temp.write(
            "games/two.md", "---\ngame: scores\ntitle: Two\ndate: 2026-12-01\ndraft: maybe\nplayers: [Zed]\n---\n")
        await #expect(throws: BuildError.self) { try await SiteBuild.run(options) }
    }

    @Test("Pages of deleted game files disappear; a rebuild of the same input is byte-identical")
    func rebuilds() async throws {
        let temp = try TemporaryFolder()
        let source = temp.url.appendingPathComponent("games")
        let out = temp.url.appendingPathComponent("site")
        try temp.write("games/one.md", game(title: "One"))
        try temp.write("games/two.md", game(title: "Two"))
        _ = try await SiteBuild.run(BuildOptions(source: source, output: out))
        let first = tree(out)
        _ = try await SiteBuild.run(BuildOptions(source: source, output: out))
        #expect(tree(out) == first)
        try FileManager.default.removeItem(at: source.appendingPathComponent("two.md"))
        _ = try await SiteBuild.run(BuildOptions(source: source, output: out))
        #expect(tree(out)["games/two.html"] == nil)
        #expect(tree(out)["games/one.html"] != nil)
    }

    @Test("A rebuild links unchanged files from the published site; changed or hand-edited ones are written anew")
    func rebuildLinksUnchangedFiles() async throws {
        let temp = try TemporaryFolder()
        let source = temp.url.appendingPathComponent("games")
        let out = temp.url.appendingPathComponent("site")
        try temp.write("games/one.md", game(title: "One"))
        try temp.write("games/two.md", game(title: "Two"))
        _ = try await SiteBuild.run(BuildOptions(source: source, output: out))
        let before = try ["games/one.html", "games/two.html", "style.css"].map {
            try inode(out.appendingPathComponent($0))
        }
        try temp.write("games/two.md", game(title: "Two, renamed"))
        try temp.write("site/style.css", "edited by hand")
        _ = try await SiteBuild.run(BuildOptions(source: source, output: out))
        let after = try ["games/one.html", "games/two.html", "style.css"].map {
            try inode(out.appendingPathComponent($0))
        }
        #expect(after[0] == before[0])
        #expect(after[1] != before[1] && after[2] != before[2])
        // Byte for byte what a build into an empty folder writes.
        let fresh = temp.url.appendingPathComponent("fresh")
        _ = try await SiteBuild.run(BuildOptions(source: source, output: fresh))
        #expect(tree(out) == tree(fresh))
        #expect(String(decoding: tree(out)["games/two.html"] ?? Data(), as: UTF8.self).contains("Two, renamed"))
    }

    @Test("Staging never writes through a link into the published site; discarding it leaves that site as it was")
    func stagingLeavesPublishedFilesAlone() throws {
        let temp = try TemporaryFolder()
        try temp.write("published/a.txt", "same")
        let published = temp.url.appendingPathComponent("published")
        let staged = temp.url.appendingPathComponent("staged")
        try FileManager.default.createDirectory(at: staged, withIntermediateDirectories: false)
        let staging = SiteStaging(folder: staged, previous: published.path)
        let original = try inode(published.appendingPathComponent("a.txt"))

        try staging.write(SiteFile(path: "a.txt", contents: "same"))
        #expect(try inode(staged.appendingPathComponent("a.txt")) == original)
        // The same path again, now different: a new file, the published one untouched.
        try staging.write(SiteFile(path: "a.txt", contents: "other"))
        #expect(tree(published)["a.txt"] == Data("same".utf8) && tree(staged)["a.txt"] == Data("other".utf8))
        try staging.write(SiteFile(path: "b/a.txt", contents: "same"))
        try FileManager.default.removeItem(at: staged)
        #expect(tree(published) == ["a.txt": Data("same".utf8)])
        #expect(try inode(published.appendingPathComponent("a.txt")) == original)
    }

    /// What the published folder holds besides `a.txt` ("same"), and whether `a.txt` is then reused.
    static let unsafeToReuse: [(String, @Sendable (URL) throws -> Void)] = [
        (
            "a symbolic link to a folder",
            { try FileManager.default.createSymbolicLink(atPath: $0.path + "/linked", withDestinationPath: "..") }
        ),
        (
            "another hard link to the file",
            { try FileManager.default.linkItem(atPath: $0.path + "/a.txt", toPath: $0.path + "/../backup.txt") }
        ),
        (
            "other permissions",
            { try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: $0.path + "/a.txt") }
        ),
    ]

    @Test(
        "A published file is not reused when the new site could share it with another folder or differ from a fresh one",
        arguments: unsafeToReuse.indices)
    func publishedFilesNotReused(_ index: Int) throws {
        let temp = try TemporaryFolder()
        try temp.write("published/a.txt", "same")
        let published = temp.url.appendingPathComponent("published")
        let staged = temp.url.appendingPathComponent("staged")
        try FileManager.default.createDirectory(at: staged, withIntermediateDirectories: false)
        try Self.unsafeToReuse[index].1(published)
        let staging = SiteStaging(folder: staged, previous: published.path)
        try staging.write(SiteFile(path: "a.txt", contents: "same"))
        #expect(
            try inode(staged.appendingPathComponent("a.txt")) != inode(published.appendingPathComponent("a.txt")),
            "\(Self.unsafeToReuse[index].0)")
        #expect(tree(staged)["a.txt"] == Data("same".utf8))
    }

    @Test("A FIFO or a symbolic link at a page's path in the published site is neither read nor linked")
    func specialFilesInPublishedSite() throws {
        let temp = try TemporaryFolder()
        try temp.write("elsewhere.txt", "same")
        let published = temp.url.appendingPathComponent("published")
        let staged = temp.url.appendingPathComponent("staged")
        try FileManager.default.createDirectory(at: published, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(at: staged, withIntermediateDirectories: false)
        #expect(mkfifo(published.path + "/fifo.txt", 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: published.path + "/link.txt", withDestinationPath: temp.url.path + "/elsewhere.txt")
        // The staging ignores a site with symbolic links; check the per-file guard on its own too.
        let contents = Array("same".utf8)
        #expect(SiteStaging.identity(of: published.path + "/link.txt", holding: contents, mode: 0o644) == nil)
        #expect(SiteStaging.identity(of: published.path + "/fifo.txt", holding: contents, mode: 0o644) == nil)
        let staging = SiteStaging(folder: staged, previous: published.path)
        #expect(staging.previous == nil)
        try staging.write(SiteFile(path: "fifo.txt", contents: "same"))
        try staging.write(SiteFile(path: "link.txt", contents: "same"))
        let link = try FileManager.default.attributesOfItem(atPath: staged.path + "/link.txt")
        #expect(link[.type] as? FileAttributeType == .typeRegular)
    }

    @Test(
        "A symbolic link anywhere in the published site, a site that is one, or one nested too deep to walk, is not linked from",
        arguments: ["nested file link", "folder link", "site is a link", "too deep", "no link"])
    func symbolicLinksDeepInPublishedSite(_ case: String) throws {
        let temp = try TemporaryFolder()
        try temp.write("published/games/a.html", "same")
        try temp.write("elsewhere/b.html", "outside")
        var published = temp.url.appendingPathComponent("published").path
        switch `case` {
        case "nested file link":
            try FileManager.default.createSymbolicLink(
                atPath: published + "/games/b.html", withDestinationPath: temp.url.path + "/elsewhere/b.html")
        case "folder link":
            try FileManager.default.createSymbolicLink(
                atPath: published + "/games/more", withDestinationPath: temp.url.path + "/elsewhere")
        case "site is a link":
            try FileManager.default.createSymbolicLink(
                atPath: temp.url.path + "/linked", withDestinationPath: published)
            published = temp.url.path + "/linked"
        case "too deep":
            try FileManager.default.createDirectory(
                atPath: published + String(repeating: "/d", count: 70), withIntermediateDirectories: true)
        default: break
        }
        let staged = temp.url.appendingPathComponent("staged")
        try FileManager.default.createDirectory(at: staged, withIntermediateDirectories: false)
        let staging = SiteStaging(folder: staged, previous: published)
        #expect((staging.previous != nil) == (`case` == "no link"))
    }

    @Test(
        "Paths that could leave the staging folder are refused",
        arguments: ["", "/a.html", "a/", "a//b.html", "../a.html", "a/../b.html", "a/..", ".", "a/./b.html"])
    func pathsLeavingTheFolder(_ path: String) {
        #expect(throws: BuildError.self) { try SiteStaging.check(path) }
    }

    @Test(
        "Ordinary paths, dots inside names included, are written",
        arguments: ["a.html", "games/a.html", "..a/b.html", "a/.b", "a/b../c...html"])
    func pathsInsideTheFolder(_ path: String) {
        #expect(throws: Never.self) { try SiteStaging.check(path) }
    }

    @Test(
        "Leftovers of killed builds are cleaned up, a site caught between two renames is put back, running builds are left alone"
    )
    func leftoversOfOtherBuilds() async throws {
        let temp = try TemporaryFolder()
        try temp.write("games/one.md", game(title: "One"))
        let source = temp.url.appendingPathComponent("games")
        let out = temp.url.appendingPathComponent("site")
        // No process has this number: Linux allows at most 2^22 processes.
        let dead = 4_194_305
        let alive = ProcessInfo.processInfo.processIdentifier
        try temp.write(".site.staging-\(dead)-1/index.html", "half written")
        try temp.write(".site.staging-\(alive)-2/index.html", "being written")
        try temp.write(".site.old-\(dead)-3/index.html", "the previous site")
        try temp.write(".site.old-\(dead)-3/.gamenight", "")
        try temp.write("games/two.md", "---\ngame: scores\n")
        await #expect(throws: BuildError.self) { try await SiteBuild.run(BuildOptions(source: source, output: out)) }
        #expect(tree(out)["index.html"] == Data("the previous site".utf8))
        let hidden = try FileManager.default.contentsOfDirectory(atPath: temp.url.path).filter { $0.hasPrefix(".") }
            .sorted()
        #expect(hidden == [".site.staging-\(alive)-2"])
    }

    /// `café` composed and decomposed are two folders, and two outputs: one's leftovers are not
    /// the other's, though their names are equal as strings.
    @Test("The leftovers of a build into the output's Unicode twin are not this output's")
    func leftoversOfTheTwin() async throws {
        let temp = try TemporaryFolder()
        try temp.write("games/one.md", game(title: "One"))
        let source = temp.url.appendingPathComponent("games")
        let out = temp.url.appendingPathComponent("caf\u{E9}")
        let dead = 4_194_305
        try temp.write(".cafe\u{301}.staging-\(dead)-1/index.html", "the twin's, half written")
        try temp.write(".cafe\u{301}.old-\(dead)-2/index.html", "the twin's previous site")
        _ = try await SiteBuild.run(BuildOptions(source: source, output: out))
        let hidden = try FileManager.default.contentsOfDirectory(atPath: temp.url.path).filter { $0.hasPrefix(".") }
            .map { Array($0.utf8) }
        #expect(hidden.count == 2)
        #expect(FileManager.default.fileExists(atPath: temp.url.path + "/.cafe\u{301}.old-\(dead)-2/index.html"))
        #expect(tree(out)["index.html"] != Data("the twin's previous site".utf8))
    }

    @Test("The previous site waits beside the output and the next build stages into it; a failed build puts it back")
    func previousSiteKeptBeside() async throws {
        let temp = try TemporaryFolder()
        try temp.write("games/one.md", game(title: "One"))
        let source = temp.url.appendingPathComponent("games")
        let out = temp.url.appendingPathComponent("site")
        var options = BuildOptions(source: source, output: out)
        options.keepsPreviousSiteBeside = true
        let kept = temp.url.appendingPathComponent(".site.previous")
        _ = try await SiteBuild.run(options)
        #expect(!FileManager.default.fileExists(atPath: kept.path))
        _ = try await SiteBuild.run(options)
        let hidden = try FileManager.default.contentsOfDirectory(atPath: temp.url.path).filter { $0.hasPrefix(".") }
        #expect(hidden == [".site.previous"])
        // The unchanged page is one file in both; git ignores the kept folder, never the site.
        #expect(
            try inode(kept.appendingPathComponent("games/one.html"))
                == inode(out.appendingPathComponent("games/one.html")))
        #expect(tree(kept)[".gitignore"].map { String(decoding: $0, as: UTF8.self).hasSuffix("\n*\n") } == true)
        // Only its owner may read it; the published site keeps its permissions.
        let permissions = { (url: URL) in
            (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? 0
        }
        let published = try permissions(out)
        #expect(try permissions(kept) == 0o700 && published != 0o700)

        try temp.write("games/two.md", game(title: "Two", date: "2026-11-21"))
        let keptFolder = try inode(kept)
        _ = try await SiteBuild.run(options)
        #expect(try inode(out) == keptFolder, "the new site was staged in the kept folder")
        #expect(try permissions(out) == published)
        var clean = BuildOptions(source: source, output: temp.url.appendingPathComponent("clean"))
        clean.cacheDirectory = nil
        _ = try await SiteBuild.run(clean)
        #expect(tree(out) == tree(temp.url.appendingPathComponent("clean")) && tree(out)[".gitignore"] == nil)

        try temp.write("games/bad.md", "---\ngame: scores\n")
        let before = (tree(out), try inode(kept))
        await #expect(throws: BuildError.self) { try await SiteBuild.run(options) }
        #expect(try tree(out) == before.0 && inode(kept) == before.1)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: temp.url.path).filter { $0.hasPrefix(".") } == [
                ".site.previous"
            ])

        // A build that fails after staging into the kept folder (a broken link) keeps it too, and
        // the next build is a clean build's equal.
        try FileManager.default.removeItem(at: source.appendingPathComponent("bad.md"))
        let kind = try String(contentsOf: templatesFolder.appendingPathComponent("kind.mustache"), encoding: .utf8)
        try temp.write(
            "mine/kind.mustache",
            kind.replacingOccurrences(of: "{{$content}}\n", with: "{{$content}}\n<a href=\"nights/index.html\">x</a>\n")
        )
        options.templates = temp.url.appendingPathComponent("mine")
        await #expect(throws: BuildError.self) { try await SiteBuild.run(options) }
        #expect(tree(out) == before.0 && FileManager.default.fileExists(atPath: kept.path))
        options.templates = nil
        _ = try await SiteBuild.run(options)
        #expect(tree(out) == tree(temp.url.appendingPathComponent("clean")))
    }

    @Test("A kept folder that is a symbolic link is not staged into, and what it points to is left alone")
    func keptFolderThatIsALink() async throws {
        let temp = try TemporaryFolder()
        try temp.write("games/one.md", game(title: "One"))
        try temp.write("elsewhere/games/one.html", "mine")
        try FileManager.default.createSymbolicLink(
            atPath: temp.url.path + "/.site.previous", withDestinationPath: temp.url.path + "/elsewhere")
        var options = BuildOptions(
            source: temp.url.appendingPathComponent("games"), output: temp.url.appendingPathComponent("site"))
        options.keepsPreviousSiteBeside = true
        _ = try await SiteBuild.run(options)
        _ = try await SiteBuild.run(options)
        #expect(tree(temp.url.appendingPathComponent("elsewhere")) == ["games/one.html": Data("mine".utf8)])
        #expect(tree(temp.url.appendingPathComponent("site"))["games/one.html"] != Data("mine".utf8))
    }

    @Test(
        "A folder of the user's named like the kept one is neither staged into nor deleted; an output that is a link leaves its folder's permissions alone"
    )
    func keptFolderNotOurs() async throws {
        let temp = try TemporaryFolder()
        try temp.write("games/one.md", game(title: "One"))
        try temp.write(".site.previous/mine.txt", "mine")
        let source = temp.url.appendingPathComponent("games")
        var options = BuildOptions(source: source, output: temp.url.appendingPathComponent("site"))
        options.keepsPreviousSiteBeside = true
        _ = try await SiteBuild.run(options)
        _ = try await SiteBuild.run(options)
        #expect(tree(temp.url.appendingPathComponent(".site.previous")) == ["mine.txt": Data("mine".utf8)])

        // `linked` is a symbolic link to the site in `www`.
        var direct = BuildOptions(source: source, output: temp.url.appendingPathComponent("www"))
        _ = try await SiteBuild.run(direct)
        direct.output = temp.url.appendingPathComponent("linked")
        direct.keepsPreviousSiteBeside = true
        try FileManager.default.createSymbolicLink(
            atPath: direct.output.path, withDestinationPath: temp.url.path + "/www")
        let www = temp.url.appendingPathComponent("www")
        let mode = try FileManager.default.attributesOfItem(atPath: www.path)[.posixPermissions] as? Int
        _ = try await SiteBuild.run(direct)
        _ = try await SiteBuild.run(direct)
        #expect(try FileManager.default.attributesOfItem(atPath: www.path)[.posixPermissions] as? Int == mode)
        #expect(tree(www)[".gitignore"] == nil)
    }

    @Test("The build applies the limits it is given")
    func limits() async throws {
        let temp = try TemporaryFolder()
        try temp.write("games/one.md", game(title: "One", players: "[A, B, C]"))
        var options = BuildOptions(
            source: temp.url.appendingPathComponent("games"), output: temp.url.appendingPathComponent("site"))
        options.limits.maxPlayers = 2
        await #expect {
            try await SiteBuild.run(options)
        } throws: { error in
            guard case BuildError.input(let diagnostics) = error else { return false }
            let lines = diagnostics.map(\.description)
            return lines == [
                "\(options.source.path)/one.md:5:10: error: 3 players is more than the limit of 2; raise it with --max-players if this is intended"
            ]
        }
        options.limits.maxPlayers = 3
        #expect(try await SiteBuild.run(options).games == 1)
    }

    @Test("Refuses to replace a folder gamenight did not write, or one holding the games, even forced")
    func refusesForeignFolders() async throws {
        let temp = try TemporaryFolder()
        try temp.write("games/one.md", game(title: "One"))
        try temp.write("precious/thesis.txt", "do not lose me")
        let source = temp.url.appendingPathComponent("games")
        await #expect(throws: BuildError.self) {
            try await SiteBuild.run(BuildOptions(source: source, output: temp.url.appendingPathComponent("precious")))
        }
        #expect(tree(temp.url.appendingPathComponent("precious")) == ["thesis.txt": Data("do not lose me".utf8)])
        await #expect(throws: BuildError.self) {
            try await SiteBuild.run(BuildOptions(source: source, output: temp.url))
        }
        #expect(FileManager.default.fileExists(atPath: source.appendingPathComponent("one.md").path))
        var forced = BuildOptions(source: source, output: temp.url.appendingPathComponent("precious"))
        forced.force = true
        _ = try await SiteBuild.run(forced)
        #expect(tree(temp.url.appendingPathComponent("precious"))["thesis.txt"] == nil)

        // A folder inside the source holding games this build reads: refused even when forced,
        // as the games would end up in the hidden previous site.
        try temp.write("games/2026-11-24/two.md", game(title: "Two"))
        forced.output = source.appendingPathComponent("2026-11-24")
        await #expect {
            try await SiteBuild.run(forced)
        } throws: { error in
            guard case BuildError.usage(let message) = error else { return false }
            return message.contains("holds game files this build reads (two.md)") && !message.contains("--force")
        }
        #expect(FileManager.default.fileExists(atPath: source.appendingPathComponent("2026-11-24/two.md").path))
    }

    @Test("Raw HTML and unsafe links that the notes lose are noted; with --unsafe-html nothing is lost")
    func notesLeftOut() async throws {
        let temp = try TemporaryFolder()
        let raw = game(title: "Raw") + "Hi <b>there</b> and [click](javascript:alert(1)).\n"
        try temp.write("games/raw.md", raw)
        try temp.write("games/plain.md", game(title: "Plain") + "Just *notes* and [a link](https://example.org).\n")
        try temp.write("games/link.md", game(title: "Link") + "Only [a link](JavaScript:alert(1)), no markup.\n")
        var options = BuildOptions(
            source: temp.url.appendingPathComponent("games"), output: temp.url.appendingPathComponent("site"))
        let safe = try await SiteBuild.run(options)
        #expect(
            safe.notes.map(\.description) == [
                "\(options.source.path)/link.md: note: a javascript:, vbscript: or file: address in the notes was left out of the page; --unsafe-html lets it through, for notes you trust",
                "\(options.source.path)/raw.md: note: raw HTML and a javascript:, vbscript: or file: address in the notes was left out of the page; --unsafe-html lets it through, for notes you trust",
            ])
        options.allowsUnsafeHTML = true
        #expect(try await SiteBuild.run(options).notes.isEmpty)
    }

    @Test("A folder without game files builds a site without games, with a note saying so")
    func noGameFiles() async throws {
        let temp = try TemporaryFolder()
        try temp.write("games/photos/README.md", "not a game")
        let summary = try await SiteBuild.run(
            BuildOptions(
                source: temp.url.appendingPathComponent("games"), output: temp.url.appendingPathComponent("site")))
        #expect(summary.games == 0)
        #expect(summary.notes.map(\.message) == ["no game files (*.md) in this folder, so the site has no games"])
    }

    @Test("User templates replace built-in ones; a broken one is reported as path:line:column")
    func userTemplates() async throws {
        let temp = try TemporaryFolder()
        try temp.write("games/one.md", game(title: "One <&>"))
        try temp.write("mine/index.mustache", "{{#nights}}{{#games}}<p>{{title}}</p>{{/games}}{{/nights}}")
        let out = temp.url.appendingPathComponent("site")
        var options = BuildOptions(
            source: temp.url.appendingPathComponent("games"), output: out,
            templates: temp.url.appendingPathComponent("mine"))
        _ = try await SiteBuild.run(options)
        #expect(tree(out)["index.html"] == Data("<p>One &lt;&amp;&gt;</p>".utf8))

        try temp.write("mine/scorecard.mustache", "ok\n{{#title}}")
        options.output = temp.url.appendingPathComponent("site2")
        await #expect {
            try await SiteBuild.run(options)
        } throws: { error in
            guard case BuildError.input(let diagnostics) = error else { return false }
            let lines = diagnostics.map(\.description)
            return lines.count == 1 && lines[0].contains("scorecard.mustache:2:") && lines[0].contains(": error: ")
        }
    }
}

/// The file's inode number: the same one after a rebuild means the file was linked, not written.
func inode(_ url: URL) throws -> UInt64 {
    let number = try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber]
    return try #require((number as? NSNumber)?.uint64Value ?? (number as? UInt64))
}

@Suite("Names in any script")
struct NamesInAnyScriptTests {
    /// Pages of players and games named in another script have readable addresses: the name in
    /// UTF-8, percent-encoded where a URL must be (sitemap, feed, canonical links).
    @Test func readableAddresses() async throws {
        let temp = try TemporaryFolder()
        try temp.write("2026-11-20/麻雀.md", game(title: "麻雀", players: "[花子, たろう, Ann]", rounds: "[{花子: 12, たろう: 3}]"))
        let out = temp.url.appendingPathComponent("site")
        var options = BuildOptions(source: temp.url, output: out)
        options.baseURL = BaseURL("https://example.org/")
        _ = try await SiteBuild.run(options)
        let site = tree(out)
        #expect(
            site["players/花子.html"] != nil && site["players/たろう.html"] != nil && site["games/2026-11-20-麻雀.html"] != nil
        )
        #expect(String(decoding: site["index.html"] ?? Data(), as: UTF8.self).contains("href=\"players/花子.html\""))
        let sitemap = String(decoding: site["sitemap.xml"] ?? Data(), as: UTF8.self)
        #expect(sitemap.contains("<loc>https://example.org/players/%E8%8A%B1%E5%AD%90.html</loc>"))
    }
}
