import Foundation
import GameDomain
import SiteRendering
import TestSupport
import Testing

@testable import SiteBuilding

@Suite("Link check")
struct LinkCheckTests {
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

    /// Workers number their pages and links each in their own order: merged, every broken link
    /// still names its own page, link and template, and a link another worker's file satisfies is fine.
    @Test func mergedChecksKeepEachLinkWithItsPage() {
        var first = LinkCheck(rootPath: "/")
        var second = LinkCheck(rootPath: "/")
        first.record(
            SiteFile(path: "games/a.html", contents: #"<a href="../players/x.html">x</a> <a href="b.html">b</a>"#),
            template: "scorecard")
        second.record(
            SiteFile(
                path: "players/y.html",
                contents: #"<a href="../games/a.html">a</a> <a href="../nights/n.html">n</a> <a href="z.html">z</a>"#),
            template: "player")
        second.record(SiteFile(path: "games/b.html", contents: ""), template: "scorecard")
        first.merge(&second)
        let problems = first.problems(templates: [:]).map(\.message)
        #expect(
            problems == [
                "players/y.html: the link `../nights/n.html` leads to nights/n.html, which is not a file of the site (from player.mustache, its layout or partials)",
                "players/y.html: the link `z.html` leads to players/z.html, which is not a file of the site (from player.mustache, its layout or partials)",
                "games/a.html: the link `../players/x.html` leads to players/x.html, which is not a file of the site (from scorecard.mustache, its layout or partials)",
            ])
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
