import Foundation
import SiteBuilding
import TestSupport
import Testing

@testable import SiteServing

/// The server on a free port, attacked with raw requests.
@Suite(.serialized) struct ServerSecurityTests {
    static let secret = "TOP-SECRET-\(UUID().uuidString)"

    /// A file beside the output folder, and links from inside the site to it and to /etc.
    func plantSecrets(_ site: ServedSite) throws {
        try Data(Self.secret.utf8).write(to: site.folder.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: site.output.appendingPathComponent("leak.txt").path,
            withDestinationPath: site.folder.appendingPathComponent("secret.txt").path)
        try FileManager.default.createSymbolicLink(
            atPath: site.output.appendingPathComponent("etc").path, withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(
            atPath: site.output.appendingPathComponent("up").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(
            atPath: site.output.appendingPathComponent("inside.css").path, withDestinationPath: "style.css")
    }

    @Test func traversalBattery() async throws {
        let site = try await ServedSite.start()
        try plantSecrets(site)
        let targets = [
            "/../secret.txt", "/games/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/.%2e/secret.txt",
            "/%252e%252e/secret.txt", "/..%2fsecret.txt", "/games%2f..%2f..%2fsecret.txt", "/..%5csecret.txt",
            "/..\\secret.txt", "//etc/passwd", "/etc/passwd", "/\(site.folder.path)/secret.txt", "/%00",
            "/index.html%00.css",
            "/leak.txt", "/etc/passwd", "/etc/hostname", "/up/secret.txt", "/.gamenight",
            "/%c0%ae%c0%ae/secret.txt", "/" + String(repeating: "a/", count: 40) + "x",
            "/" + String(repeating: "x", count: 3000),
            "http://127.0.0.1/../secret.txt", "*",
        ]
        for target in targets {
            let response = await get(port: site.port, target)
            #expect([400, 404, 414].contains(response.status), "\(target) → \(response.status)")
            #expect(!response.text.contains(Self.secret), "\(target) leaked the secret")
            #expect(!response.text.contains("root:"), "\(target) leaked /etc/passwd")
        }
        // The positive controls: the site and a link that stays inside it are served.
        #expect(await get(port: site.port, "/").status == 200)
        #expect(await get(port: site.port, "/inside.css").status == 200)
        #expect(await get(port: site.port, "/games/2026-11-20-catan.html").status == 200)
        await site.stop()
    }

    /// DNS rebinding: a page of another site, its name made to resolve to 127.0.0.1, sends that
    /// name as Host. On loopback only loopback names are answered, so it cannot read the site.
    @Test func answersOnlyLoopbackHostNames() async throws {
        let site = try await ServedSite.start()
        for host in [
            "evil.example", "evil.example:\(site.port)", "127.0.0.1.evil.example", "127.evil.example",
            "localhost.evil.example", "[::2]", "127.0.0.1:80@evil.example", "127.0.0.1:x", "",
        ] {
            let response = await rawRequest(port: site.port, "GET / HTTP/1.1\r\nHost: \(host)\r\n")
            #expect(response.status == 403, "\(host)")
            #expect(!response.text.contains("_gamenight"), "\(host)")
            let events = await rawRequest(port: site.port, "GET /_gamenight/events HTTP/1.1\r\nHost: \(host)\r\n")
            #expect(events.status == 403, "\(host)")
        }
        for host in [
            "127.0.0.1", "127.0.0.1:\(site.port)", "localhost:\(site.port)", "LocalHost", "[::1]:\(site.port)",
            "games.localhost:\(site.port)", "127.1.2.3", "localhost.",
        ] {
            #expect(await rawRequest(port: site.port, "GET / HTTP/1.1\r\nHost: \(host)\r\n").status == 200, "\(host)")
        }
        // HTTP/1.0 may leave Host out; browsers always send it.
        #expect(await rawRequest(port: site.port, "GET / HTTP/1.0\r\n").status == 200)
        await site.stop()
    }

    @Test func onlyGetAndHead() async throws {
        let site = try await ServedSite.start()
        for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND"] {
            let response = await get(port: site.port, "/index.html", method: method)
            #expect(response.status == 405, "\(method)")
            #expect(response.headers["allow"] == "GET, HEAD")
        }
        await site.stop()
    }

    @Test func headMatchesGetWithoutBody() async throws {
        let site = try await ServedSite.start()
        let got = await get(port: site.port, "/index.html")
        let head = await get(port: site.port, "/index.html", method: "HEAD")
        #expect(got.status == 200 && head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["content-length"] == String(got.body.count))
        #expect(head.headers["content-type"] == "text/html; charset=utf-8")
        let events = await get(port: site.port, "/_gamenight/events", method: "HEAD")
        #expect(events.status == 200 && events.headers["content-type"] == "text/event-stream; charset=utf-8")
        await site.stop()
    }

    @Test func pagesGetTheScriptButFilesOnDiskDoNot() async throws {
        let site = try await ServedSite.start()
        let page = await get(port: site.port, "/games/2026-11-20-catan.html")
        #expect(page.text.contains("/_gamenight/events?build=1"))
        let onDisk = try String(
            contentsOf: site.output.appendingPathComponent("games/2026-11-20-catan.html"), encoding: .utf8)
        #expect(!onDisk.contains("_gamenight"))
        let css = await get(port: site.port, "/style.css")
        #expect(css.headers["content-type"] == "text/css; charset=utf-8" && !css.text.contains("<script>"))
        let folder = await get(port: site.port, "/players")
        #expect(folder.status == 301 && folder.headers["location"] == "/players/")
        let missing = await get(port: site.port, "/nothing.html")
        #expect(missing.status == 404 && missing.text.contains("/_gamenight/events"))
        await site.stop()
    }

    @Test func oversizedRequests() async throws {
        let site = try await ServedSite.start()
        let huge = await rawRequest(
            port: site.port, "GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 64 * 1024))\r\n")
        #expect(huge.status == 400 || huge.status == 0)
        let many = await rawRequest(
            port: site.port, "GET / HTTP/1.1\r\nHost: x\r\n" + (1...200).map { "X-\($0): y\r\n" }.joined())
        #expect(many.status == 400 || many.status == 0)
        let long = await get(port: site.port, "/" + String(repeating: "a", count: 4000))
        #expect(long.status == 414)
        let body = await rawRequest(
            port: site.port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000000\r\n")
        #expect(body.status == 413)
        // A body sent anyway is cut off: the connection closes instead of reading it all.
        let cut = await offPool { () -> Bool in
            guard let connection = RawConnection(port: site.port) else { return false }
            connection.send("GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = "10000\r\n" + String(repeating: "z", count: 0x10000) + "\r\n"
            for _ in 0..<64 where connection.send(chunk) {}
            return connection.isClosed(within: 30)
        }
        #expect(cut)
        #expect(await get(port: site.port, "/").status == 200)  // still serving
        await site.stop()
    }

    /// `--out` naming a folder of the user's: the build refuses it, and it is never served.
    @Test func neverServesAFolderTheBuildMustNotReplace() async throws {
        let scratch = try TemporaryFolder("serve-tests")
        let folder = scratch.url
        let mine = folder.appendingPathComponent("documents")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try Data(Self.secret.utf8).write(to: mine.appendingPathComponent("private.txt"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("games"), withIntermediateDirectories: true)
        try Data(game(title: "Catan").utf8).write(to: folder.appendingPathComponent("games/catan.md"))
        let live = LiveServer(
            build: BuildOptions(source: folder.appendingPathComponent("games"), output: mine),
            server: ServerSettings(host: "127.0.0.1", port: 0))
        await #expect(throws: LiveServer.Failure.self) {
            try await live.run(stopsOnSignals: false, onReady: { _ in Issue.record("it served the folder") })
        }
    }

    /// A client that pipelines requests and reads none of the answers is disconnected; the
    /// answers used to pile up in memory for as long as it kept the connection open.
    @Test func clientsThatReadNothingAreDisconnected() async throws {
        let site = try await ServedSite.start()
        let request = "GET /games/2026-11-20-catan.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        let pageBytes = await get(port: site.port, "/games/2026-11-20-catan.html").body.count
        // Answers well past what the sockets' buffers hold (a few MB on loopback) and the limit.
        let count = (64 << 20) / max(pageBytes, 1)
        let hungUp = await offPool { () -> Bool in
            guard let connection = RawConnection(port: site.port, receiveBuffer: 4096) else { return false }
            for _ in 0..<(count / 100) where connection.send(String(repeating: request, count: 100)) {}
            return connection.hasHungUp(within: 30)
        }
        #expect(hungUp)
        #expect(await get(port: site.port, "/").status == 200)  // still serving
        await site.stop()
    }

    @Test func slowClientsTimeOut() async throws {
        let site = try await ServedSite.start(idleTimeout: .seconds(1))
        let closed = await offPool { () -> Bool in
            guard let connection = RawConnection(port: site.port) else { return false }
            // A head that never ends, one byte at a time: sending does not keep it open.
            connection.send("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            for _ in 0..<150 {
                if connection.isClosed(within: 0.2) { return true }
                connection.send("a")
            }
            return false
        }
        #expect(closed)
        await site.stop()
    }

    /// A folder that `lookup` resolved inside the site, replaced by a link out of it before the
    /// file is opened (a race with whoever can write the output folder): nothing is read.
    @Test func aFolderSwappedForALinkAfterResolvingIsNotFollowed() throws {
        let scratch = try TemporaryFolder("swap")
        let temp = scratch.url
        let site = temp.appendingPathComponent("site")
        let outside = temp.appendingPathComponent("outside")
        for folder in [site.appendingPathComponent("games"), outside] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("page".utf8).write(to: site.appendingPathComponent("games/a.html"))
        try Data(Self.secret.utf8).write(to: outside.appendingPathComponent("a.html"))
        let files = try #require(SiteFiles(root: site.path))
        let resolved = files.root + "/games/a.html"
        guard case .file(let file) = files.read(resolved: resolved) else {
            Issue.record("the file inside the site was not found")
            return
        }
        #expect(file.path == resolved && file.read() == Array("page".utf8))
        try FileManager.default.removeItem(at: site.appendingPathComponent("games"))
        try FileManager.default.createSymbolicLink(
            at: site.appendingPathComponent("games"), withDestinationURL: outside)
        if case .file = files.read(resolved: resolved) { Issue.record("a link out of the site was followed") }
    }

    /// Strings take `café` composed and decomposed for equal; the file system holds both as two
    /// folders. A link into the site folder's twin is outside the site.
    @Test func aLinkIntoTheSiteFoldersUnicodeTwinIsNotFollowed() throws {
        let scratch = try TemporaryFolder("twin")
        let site = scratch.url.appendingPathComponent("caf\u{E9}")
        let twin = scratch.url.appendingPathComponent("cafe\u{301}")
        for folder in [site, twin] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("page".utf8).write(to: site.appendingPathComponent("index.html"))
        try Data(Self.secret.utf8).write(to: twin.appendingPathComponent("secret.html"))
        try FileManager.default.createSymbolicLink(
            atPath: site.appendingPathComponent("secret.html").path, withDestinationPath: "../cafe\u{301}/secret.html")
        let files = try #require(SiteFiles(root: site.path))
        if case .file = files.lookup(SitePath(segments: ["secret.html"], namesFolder: false)) {
            Issue.record("a link into the site folder's Unicode twin was followed")
        }
        guard case .file = files.lookup(SitePath(segments: ["index.html"], namesFolder: false)) else {
            Issue.record("the site's own page was not found")
            return
        }
    }
}
