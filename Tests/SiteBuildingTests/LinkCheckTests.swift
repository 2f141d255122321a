import Foundation
import GameDomain
import SiteRendering
import TestSupport
import Testing

@testable import SiteBuilding

@Suite("Link check")
struct LinkCheckTests {
    /// A link to a file already recorded cannot break (files are never unrecorded), so only the
    /// others are kept to be checked: the check holds the links to pages not written yet.
    @Test func linksToRecordedFilesAreNotKept() {
        var check = LinkCheck(rootPath: "/")
        check.record(SiteFile(path: "players/x.html", contents: ""), template: "player")
        check.record(
            SiteFile(path: "games/a.html", contents: #"<a href="../players/x.html">x</a> <a href="b.html">b</a>"#),
            template: "scorecard")
        #expect(check.pendingCount == 1)
        check.record(SiteFile(path: "games/b.html", contents: #"<a href="a.html">a</a>"#), template: "scorecard")
        #expect(check.pendingCount == 1)
        #expect(check.problems(templates: [:]).isEmpty)
        check.record(SiteFile(path: "games/c.html", contents: #"<a href="gone.html">?</a>"#), template: "scorecard")
        let broken = "games/c.html: the link `gone.html` leads to games/gone.html, which is not a file of the site"
        #expect(check.problems(templates: [:]).map { $0.message.hasPrefix(broken) } == [true])
    }

    @Test("href and src values in page order; other attributes and text are skipped")
    func findsHrefAndSrcValues() {
        let html = #"<a href="a.html">A</a> <img src="b.svg" alt=""> <a data-x="c" href="">e</a><link href="../s.css">"#
        #expect(LinkCheck.links(in: html) == ["a.html", "b.svg", "", "../s.css"])
    }

    @Test(
        arguments: [
            ("../style.css", "games", LinkCheck.Target.file("style.css")),
            ("a-1.html#frame-3", "games", .file("games/a-1.html")),
            ("../nights/", "games", .file("nights/index.html")),
            ("..", "games", .file("index.html")),
            ("a%20b.html?x=1", "", .file("a b.html")),
            ("%E8%8A%B1%E5%AD%90.html", "players", .file("players/花子.html")),
            ("./a.html", "games", .file("games/a.html")),
            ("a.html%", "", .file("a.html%")),
            ("../../index.html", "games", .outside(link: "../../index.html")),
            ("/nights/games/a.html", "", .file("games/a.html")),
            ("/nights/", "", .file("index.html")),
            ("/index.html", "", .outside(link: "/index.html")),
        ] as [(String, String, LinkCheck.Target)])
    func resolves(link: String, folder: String, target: LinkCheck.Target) {
        let check = LinkCheck(rootPath: "/nights/")
        #expect(check.resolve(link, from: folder) == target)
    }

    @Test(arguments: [
        "#top", "?page=2", "https://example.org/a", "HTTP://x", "mailto:a@example.org", "data:image/png;base64,AA",
        "//cdn.example.org/x.js",
    ])
    func skips(link: String) {
        #expect(LinkCheck(rootPath: "/").resolve(link, from: "games") == nil)
    }

    /// Every broken link names its own page, link and template, and a link to a file recorded
    /// later, by any worker, is fine.
    @Test func eachBrokenLinkKeepsItsPage() {
        let shared = LinkCheck.Shared(rootPath: "/")
        shared.record(
            [SiteFile(path: "games/a.html", contents: #"<a href="../players/x.html">x</a> <a href="b.html">b</a>"#)],
            template: "scorecard")
        shared.record(
            [
                SiteFile(
                    path: "players/y.html",
                    contents:
                        #"<a href="../games/a.html">a</a> <a href="../nights/n.html">n</a> <a href="z.html">z</a>"#
                )
            ],
            template: "player")
        shared.record([SiteFile(path: "games/b.html", contents: "")], template: "scorecard")
        let problems = shared.takeFinished().problems(templates: [:]).map(\.message)
        #expect(
            problems == [
                "players/y.html: the link `../nights/n.html` leads to nights/n.html, which is not a file of the site (from player.mustache, its layout or partials)",
                "players/y.html: the link `z.html` leads to players/z.html, which is not a file of the site (from player.mustache, its layout or partials)",
                "games/a.html: the link `../players/x.html` leads to players/x.html, which is not a file of the site (from scorecard.mustache, its layout or partials)",
            ])
        // Handed over: what the check held is no longer kept for the rest of the build.
        #expect(shared.takeFinished().problems(templates: [:]).isEmpty)
    }

    /// Workers record at once: each page links to the next worker's pages, written or not yet,
    /// and to one missing page of its own; exactly the missing ones are reported.
    @Test func workersRecordingAtOnce() async {
        let shared = LinkCheck.Shared(rootPath: "/")
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for page in 0..<50 {
                        let links = (0..<50).map { #"<a href="../w\#((worker + 1) % 8)/p\#($0).html">"# }.joined()
                        shared.record(
                            [
                                SiteFile(
                                    path: "w\(worker)/p\(page).html",
                                    contents: links + #"<a href="missing-\#(worker).html">"#)
                            ], template: "page")
                    }
                }
            }
        }
        #expect(
            shared.takeFinished().problems(templates: [:]).map(\.message).sorted()
                == (0..<8).map {
                    "w\($0)/p0.html: the link `missing-\($0).html` leads to w\($0)/missing-\($0).html, which is not a file of the site (from page.mustache, its layout or partials)"
                })
    }

    /// A broken link names the first page (by path) that has it, whatever the order the
    /// workers wrote the pages in, in one folder or several.
    @Test func aBrokenLinkNamesItsFirstPageInAnyOrder() {
        var random = SplitMix64(seed: 3)
        let pages = (0..<40).map { "games/p\($0 < 10 ? "0" : "")\($0).html" } + ["nights/n.html", "players/a.html"]
        for _ in 0..<20 {
            var check = LinkCheck(rootPath: "/")
            for path in pages.shuffled(using: &random) {
                check.record(SiteFile(path: path, contents: #"<a href="/missing.html">m</a>"#), template: "page")
            }
            #expect(
                check.problems(templates: [:]).map(\.message) == [
                    "games/p00.html: the link `/missing.html` leads to missing.html, which is not a file of the site (from page.mustache, its layout or partials)"
                ])
        }
    }

    /// A file's path is its bytes: a link spelled in the other Unicode normalisation leads to
    /// another file (on Linux, and on any file system that keeps names as given).
    @Test func aLinkToTheUnicodeTwinOfAFileIsBroken() {
        var check = LinkCheck(rootPath: "/")
        check.record(SiteFile(path: "players/caf\u{E9}.html", contents: ""), template: "player")
        check.record(
            SiteFile(
                path: "index.html",
                contents: #"<a href="players/cafe\#u{301}.html">x</a> <a href="players/caf\#u{E9}.html">y</a>"#),
            template: "index")
        #expect(
            check.problems(templates: [:]).map(\.message) == [
                "index.html: the link `players/cafe\u{301}.html` leads to players/cafe\u{301}.html, which is not a file of the site (from index.mustache, its layout or partials)"
            ])
    }

    /// Names are numbered once each by their bytes, whatever the order, table growth or
    /// collisions: checked against a dictionary keyed by the bytes.
    @Test func byteNamesNumberEachNameOnce() {
        var random = SplitMix64(seed: 11)
        let pieces = ["a", "b", "caf\u{E9}", "cafe\u{301}", "", "/", "games/", ".html"]
        var names = ByteNames()
        var expected: [[UInt8]: Int32] = [:]
        var order: [[UInt8]] = []
        for _ in 0..<5_000 {
            let name = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                pieces.randomElement(using: &random) ?? ""
            }.joined()
            let bytes = Array(name.utf8)
            let number = names.number(name)
            if let known = expected[bytes] {
                #expect(number == known)
            } else {
                #expect(number == Int32(order.count))
                expected[bytes] = number
                order.append(bytes)
            }
        }
        #expect(names.count == order.count)
        #expect(order.indices.allSatisfy { Array(names[Int32($0)].utf8) == order[$0] })
    }

    /// A user's template that forgets `{{page.root}}`: the error points into it, and nothing is published.
    @Test func userTemplateWithAWrongRoot() async throws {
        let temp = try TemporaryFolder()
        try temp.write("games/a.md", game(title: "A"))
        let kind = try String(contentsOf: templatesFolder.appendingPathComponent("kind.mustache"), encoding: .utf8)
        try temp.write(
            "mine/kind.mustache",
            kind.replacingOccurrences(
                of: "{{$content}}\n", with: "{{$content}}\n<p><a href=\"nights/index.html\">Every night</a></p>\n"))
        let out = temp.url.appendingPathComponent("site")
        _ = try await SiteBuild.run(BuildOptions(source: temp.url.appendingPathComponent("games"), output: out))
        let before = tree(out)
        var options = BuildOptions(
            source: temp.url.appendingPathComponent("games"), output: out,
            templates: temp.url.appendingPathComponent("mine"))
        await #expect {
            try await SiteBuild.run(options)
        } throws: { error in
            guard case BuildError.input(let diagnostics) = error else { return false }
            #expect(
                diagnostics.map(\.description) == [
                    "\(temp.url.path)/mine/kind.mustache:3:13: error: kinds/scores.html: the link `nights/index.html` leads to kinds/nights/index.html, which is not a file of the site; start links with {{page.root}} and check the file name"
                ])
            return true
        }
        #expect(tree(out) == before)

        // The 404 page is served at any depth: its rooted links must start with the base URL's path.
        try temp.write("mine/kind.mustache", kind)
        try temp.write(
            "mine/404.mustache", "{{<layout}}{{$content}}<a href=\"/index.html\">Home</a>{{/content}}{{/layout}}\n")
        options.baseURL = BaseURL("https://example.org/nights/")
        await #expect {
            try await SiteBuild.run(options)
        } throws: { error in
            guard case BuildError.input(let diagnostics) = error else { return false }
            return diagnostics.map(\.description) == [
                "\(temp.url.path)/mine/404.mustache:1:34: error: 404.html: the link `/index.html` leads outside the site's path /nights/; start links with {{page.root}} and check the file name"
            ]
        }
    }

    @Test func notesWithABrokenLink() async throws {
        let temp = try TemporaryFolder()
        try temp.write(
            "a.md", game(title: "A") + "![Board](board.jpg) and [the night before](../nights/2026-11-19.html)\n")
        await #expect {
            try await SiteBuild.run(BuildOptions(source: temp.url, output: temp.url.appendingPathComponent("site")))
        } throws: { error in
            guard case BuildError.input(let diagnostics) = error else { return false }
            return diagnostics.map(\.description).map { $0.replacingOccurrences(of: temp.url.path + "/", with: "") }
                .sorted() == [
                    "a.md: error: in the notes, games/a.html: the link `../nights/2026-11-19.html` leads to nights/2026-11-19.html, which is not a file of the site; link to a page of the site or to a full https:// address",
                    "a.md: error: in the notes, games/a.html: the link `board.jpg` leads to games/board.jpg, which is not a file of the site; link to a page of the site or to a full https:// address",
                ]
        }
    }
}

let templatesFolder = examplesFolder.deletingLastPathComponent().appendingPathComponent("templates")
