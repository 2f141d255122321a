import Foundation
import SiteBuilding
import Testing

@testable import SiteServing

/// A page's event stream, as the browser's EventSource would hold it.
func openEvents(port: Int, build: Int) async -> RawConnection? {
    await offPool { () -> RawConnection? in
        guard let connection = RawConnection(port: port) else { return nil }
        connection.send(
            "GET /_gamenight/events?build=\(build) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        return connection
    }
}

func nextEvent(_ connection: RawConnection) async -> (event: String, data: String)? {
    await offPool { connection.nextEvent() }
}

/// The next event of `kind`: a save may reach the watcher as two bursts, and so make two builds.
func next(_ kind: String, _ connection: RawConnection) async -> (event: String, data: String)? {
    for _ in 0..<4 {
        guard let event = await nextEvent(connection) else { return nil }
        if event.event == kind { return event }
    }
    return nil
}

/// Reads reload events until `condition` holds after one (a save may make two builds, and the
/// first may have started before the last write of the save).
func reload(_ connection: RawConnection, until condition: () async -> Bool) async -> Bool {
    for _ in 0..<4 {
        guard await next("reload", connection) != nil else { return false }
        if await condition() { return true }
    }
    return false
}

/// `serve` end to end, with real files, the real watcher, real builds and the HTTP server: only
/// what needs them. How saves become builds and events over time is `ServeTimelineTests`, on
/// virtual time. Nothing here waits a fixed time: each step waits for an event (a frame on the
/// page's stream, a logged build), and the time limit only stops a test that hangs: it is the
/// whole suite's budget, since serve's builds share two cores' task pool with every other suite
/// (a fresh clone's run beside a busy core took over three minutes for one case).
@Suite(.serialized, .timeLimit(.minutes(10))) struct LiveReloadTests {
    @Test(arguments: [("inotify", FileWatcher.Mode.native), ("polling", .polling(interval: .milliseconds(100)))])
    func reloadThenErrorThenReload(label: String, watching: FileWatcher.Mode) async throws {
        let site = try await ServedSite.start(watching: watching)
        let events = try #require(await openEvents(port: site.port, build: 1))

        try site.write("2026-11-20/catan.md", game(title: "Catan, edited"))
        // The reload finds the new page.
        #expect(
            await reload(events) {
                await get(port: site.port, "/games/2026-11-20-catan.html").text.contains("Catan, edited")
            })
        // The previous site is kept beside the output, for the next build to stage into (before
        // the build is logged).
        let staging = { @Sendable in
            ((try? FileManager.default.contentsOfDirectory(atPath: site.folder.path)) ?? []).filter {
                $0.hasPrefix(".site.staging-")
            }
        }
        await site.builds.wait { _ in !staging().isEmpty }
        #expect(staging().count == 1)

        // A round naming a player who is not in `players`: the error names them, escaped.
        try site.write("2026-11-20/catan.md", game(title: "Catan", rounds: "[{\"<script>x</script>\": 3}]"))
        let error = await next("error", events)
        let data = error?.data ?? ""
        #expect(data.contains("\"path\":\"") && data.contains("catan.md\",\"line\":6,\"column\":"))
        #expect(data.contains("\\u003cscript\\u003ex\\u003c/script\\u003e"))
        #expect(!data.contains("<"))
        // The last good page is still served, and a page opened now learns the error at once.
        #expect(await get(port: site.port, "/games/2026-11-20-catan.html").text.contains("Catan, edited"))
        let late = try #require(await openEvents(port: site.port, build: Int.max))
        #expect(await nextEvent(late)?.event == "error")

        try site.write("2026-11-20/catan.md", game(title: "Catan, fixed"))
        #expect(await next("reload", late) != nil)
        #expect(
            await reload(events) {
                await get(port: site.port, "/games/2026-11-20-catan.html").text.contains("Catan, fixed")
            })
        await site.halt()
        // Each previous site was deleted after its reload went out, but the last: it waits
        // beside the output for the next `build` or `serve`.
        let left = try FileManager.default.contentsOfDirectory(atPath: site.folder.path).filter {
            $0.hasPrefix(".site.")
        }
        #expect(left == [".site.previous"], "\(left)")
        await site.stop()
    }

    @Test("While there is no site (the first build failed), a page says so and shows the errors")
    func noSiteYet() async throws {
        let site = try await ServedSite.start(firstGame: "---\ngame: scores\n")
        let page = await get(port: site.port, "/")
        #expect(page.status == 404)
        #expect(page.text.contains("There is no site yet: the first build failed."))
        #expect(page.text.contains("Build failed: there is no site yet; fix these errors and save"))
        #expect(!page.text.contains("the page shows the last good build"))
        let events = try #require(await openEvents(port: site.port, build: 0))
        #expect(await nextEvent(events)?.event == "error")
        await site.stop()
    }

    @Test("A site whose baseURL has a path is served under it, as published: the 404 page's links work")
    func servedUnderItsBasePath() async throws {
        let site = try await ServedSite.start(configuration: "baseURL: https://example.org/games/\n")
        #expect(await get(port: site.port, "/").status == 302)
        #expect(await get(port: site.port, "/").headers["location"] == "/games/")
        #expect(await get(port: site.port, "/games").headers["location"] == "/games/")
        #expect(await get(port: site.port, "/games/").text.contains("Catan"))
        #expect(await get(port: site.port, "/games/games/2026-11-20-catan.html").status == 200)
        let missing = await get(port: site.port, "/games/nowhere.html")
        #expect(missing.status == 404 && missing.text.contains("/games/style.css"))
        #expect(await get(port: site.port, "/games/style.css").status == 200)
        await site.stop()
    }

    @Test(
        "A baseURL changed while serving: after the reload, the site is served under the new base and its pages carry it"
    )
    func baseURLChangedWhileServing() async throws {
        let site = try await ServedSite.start(configuration: "baseURL: https://example.org/games/\n")
        #expect(await get(port: site.port, "/").headers["location"] == "/games/")
        let events = try #require(await openEvents(port: site.port, build: 1))
        try site.write("gamenight.yaml", "baseURL: https://example.org/club/\n")
        // Saved after the configuration: a build that shows this edit read the new gamenight.yaml.
        // The wait is on the edit, not on the base, so a base that never changes fails here
        // instead of waiting for a reload that never comes.
        try site.write("2026-11-20/catan.md", game(title: "Catan, edited"))
        let game = "games/2026-11-20-catan.html"
        #expect(
            await reload(events) {
                for base in ["/club/", "/games/"]
                where await get(port: site.port, base + game).text.contains("Catan, edited") { return true }
                return false
            })
        // `/` leads to the new base, set with the reload, and the old base is gone.
        #expect(await get(port: site.port, "/").headers["location"] == "/club/")
        #expect(await get(port: site.port, "/club").headers["location"] == "/club/")
        #expect(await get(port: site.port, "/games/" + game).status == 404)
        // The rebuilt pages carry the new base, the page that changed and those that did not.
        let page = await get(port: site.port, "/club/" + game)
        #expect(page.status == 200)
        #expect(page.text.contains("https://example.org/club/\(game)"))
        let index = await get(port: site.port, "/club/")
        #expect(index.status == 200 && index.text.contains("https://example.org/club/"))
        for text in [page.text, index.text] { #expect(!text.contains("example.org/games/")) }
        let missing = await get(port: site.port, "/club/nowhere.html")
        #expect(
            missing.status == 404 && missing.text.contains("/club/style.css")
                && !missing.text.contains("/games/style.css"))
        await site.stop()
    }

    /// A page served before a build but connecting after it reloads at once: no stale page.
    @Test func pageOlderThanTheSiteReloadsAtOnce() async throws {
        let site = try await ServedSite.start()
        let events = try #require(await openEvents(port: site.port, build: 0))
        #expect(await nextEvent(events)?.event == "reload")
        await site.stop()
    }

    @Test func templatesAndConfigurationAreWatched() async throws {
        let site = try await ServedSite.start()
        let events = try #require(await openEvents(port: site.port, build: 1))
        try site.write("gamenight.yaml", "title: Thursday Games\n")
        #expect(await reload(events) { await get(port: site.port, "/").text.contains("Thursday Games") })
        try Data("body { color: rebeccapurple; }\n".utf8).write(
            to: site.templates.appendingPathComponent("style.css"), options: .atomic)
        #expect(await reload(events) { await get(port: site.port, "/style.css").text.contains("rebeccapurple") })
        // A new folder with a game in it: the watcher follows new folders.
        try site.write("2026-11-21/hearts.md", game(title: "Hearts"))
        #expect(await reload(events) { await get(port: site.port, "/games/2026-11-21-hearts.html").status == 200 })
        await site.stop()
    }

    #if os(Linux)
        /// An edit through a hard link made outside the source reaches no watch of the source's
        /// folders. The build that the next reported save makes lists only that save's file; the
        /// listing after it finds the other change and builds again. A template save re-renders
        /// every scorecard, and the missed edit fails that build ("the file changed"): the check
        /// runs after a failed build too.
        @Test(arguments: ["a game file", "a template"])
        func aChangeTheWatcherCannotSeeIsBuiltAfterTheNextSave(save: String) async throws {
            let site = try await ServedSite.start(trustsNewStatus: true)
            let events = try #require(await openEvents(port: site.port, build: 1))
            try site.write("2026-11-21/hearts.md", game(title: "Hearts"))
            #expect(await reload(events) { await get(port: site.port, "/games/2026-11-21-hearts.html").status == 200 })
            let outside = site.folder.appendingPathComponent("outside.md").path
            #expect(link(site.source.appendingPathComponent("2026-11-20/catan.md").path, outside) == 0)
            let handle = try #require(FileHandle(forWritingAtPath: outside))
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(game(title: "Catan, edited unseen").utf8))
            try handle.close()
            if save == "a template" {
                try Data("body { color: teal; }\n".utf8).write(
                    to: site.templates.appendingPathComponent("style.css"), options: .atomic)
            } else {
                try site.write("2026-11-21/hearts.md", game(title: "Hearts, edited"))
            }
            #expect(
                await reload(events) {
                    await get(port: site.port, "/games/2026-11-20-catan.html").text.contains("Catan, edited unseen")
                })
            // The build is logged after its reload is sent.
            let note = Rebuilder.missedChange(in: site.source).message
            await site.builds.wait { builds in
                builds.contains { (try? $0.get())?.notes.contains { $0.message == note } == true }
            }
            #expect(site.builds.notes.contains(note), "found by the check, not by a whole listing")
            await site.stop()
        }
    #endif
}
