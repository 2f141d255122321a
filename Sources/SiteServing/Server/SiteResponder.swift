import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle

/// Answers every request of `serve`: the site's files (HTML pages with the live-reload script
/// added), and the reload channel at `/_gamenight/events`. Only GET and HEAD; nothing outside
/// the published site.
struct SiteResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let files: SiteFiles
    let channel: ReloadChannel
    /// A request may carry at most this many body bytes (GET and HEAD need none).
    let maxBodyBytes: Int
    /// Only requests naming a loopback host are answered (the server listens on loopback).
    let loopbackOnly: Bool
    let pages = PageCache()

    func respond(to request: Request, context: Context) async throws -> Response {
        guard !loopbackOnly || Self.isLoopbackName(request.head.authority) else {
            return Self.plain(.forbidden, "This server answers only requests to localhost or 127.0.0.1.\n")
        }
        guard request.method == .get || request.method == .head else {
            return Self.plain(.methodNotAllowed, "Only GET and HEAD are served.\n", headers: [.allow: "GET, HEAD"])
        }
        if request.headers[.transferEncoding] != nil
            || (request.headers[.contentLength].flatMap { Int($0) } ?? 0) > maxBodyBytes
        {
            return Self.plain(.contentTooLarge, "Requests to this server carry no body.\n")
        }
        let response = await answer(request)
        return request.method == .head ? response.createHeadResponse() : response
    }

    func answer(_ request: Request) async -> Response {
        let target = request.head.path ?? ""
        var path: SitePath
        switch SitePath.parse(target) {
        case .success(let parsed): path = parsed
        case .failure(.tooLong): return Self.plain(.uriTooLong, "The address is too long.\n")
        case .failure(.malformed): return Self.plain(.badRequest, "Not an address inside the site.\n")
        }
        if path.segments == ["_gamenight", "events"] && !path.namesFolder {
            return await events(request, servedBuild: Self.servedBuild(target))
        }
        // A site published under a path (`baseURL: https://example.org/games/`) is served there
        // too, as its absolute links (the 404 page's) expect; `/` leads to it.
        let basePath = await channel.basePath
        let base = basePath.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
        if !base.isEmpty {
            if path.segments.isEmpty || path.segments == base && !path.namesFolder {
                let location = basePath.utf8.map {
                    $0 < 0x80 ? String(UnicodeScalar($0)) : "%" + String($0, radix: 16, uppercase: true)
                }.joined()
                return Response(status: .found, headers: [.location: location, .contentLength: "0"])
            }
            if path.segments.starts(with: base) { path.segments.removeFirst(base.count) }
        }
        // Read before the file: a build published in between makes the page reload once more,
        // never miss a reload.
        let build = await channel.published
        switch files.lookup(path) {
        case .file(let file):
            return page(file, build: build, status: .ok)
        case .folder:
            return Response(
                status: .movedPermanently,
                headers: [.location: String(target.prefix { $0 != "?" }) + "/", .contentLength: "0"])
        case .notFound:
            if case .file(let file) = files.lookup(SitePath(segments: ["404.html"], namesFolder: false)) {
                return page(file, build: build, status: .notFound)
            }
            // No site yet (the first build failed): a page that can show the errors.
            return Self.ownPage(
                """
                <!doctype html><meta charset="utf-8"><title>No site yet</title><body><p>There is no site yet: \
                the first build failed. Fix the errors it printed and save; this page then reloads.</p></body>

                """, status: .notFound, build: build, showsSite: false)
        }
    }

    /// A file of the site, HTML with the live-reload script added; its body is shared with the
    /// other responses that send it.
    func page(_ file: ServedFile, build: Int, status: HTTPResponse.Status) -> Response {
        let type = MediaTypes.forPath(file.path)
        let key = PageCache.Key(path: file.path, version: file.version, build: build)
        guard let body = pages.body(key, make: { file.read().map { Self.body($0, type: type, build: build) } }) else {
            // Shrunk or failing while read: an HTML page, so that the next build still reloads it.
            return Self.ownPage(
                """
                <!doctype html><meta charset="utf-8"><title>Not read</title><body><p>This file could not be \
                read whole: it changed while being read, or reading failed. Reload the page.</p></body>

                """, status: .serviceUnavailable, build: build)
        }
        return Response(status: status, headers: Self.common(type), body: ResponseBody(byteBuffer: body))
    }

    /// A page of the server's own, with the live-reload script.
    static func ownPage(_ html: String, status: HTTPResponse.Status, build: Int, showsSite: Bool = true) -> Response {
        Response(
            status: status, headers: common(MediaTypes.html),
            body: ResponseBody(
                byteBuffer: body(Array(html.utf8), type: MediaTypes.html, build: build, showsSite: showsSite)))
    }

    static func body(_ bytes: [UInt8], type: String, build: Int, showsSite: Bool = true) -> ByteBuffer {
        ByteBuffer(
            bytes: type == MediaTypes.html
                ? LiveReloadScript.inject(into: bytes, servedBuild: build, showsSite: showsSite) : bytes)
    }

    /// The reload channel, as Server-Sent Events; it ends when the server stops.
    func events(_ request: Request, servedBuild: Int?) async -> Response {
        var headers = Self.common("text/event-stream; charset=utf-8")
        guard request.method == .get else { return Response(status: .ok, headers: headers) }
        guard let stream = await channel.subscribe(servedBuild: servedBuild) else {
            return Self.plain(.serviceUnavailable, "The server is stopping.\n")
        }
        headers[.connection] = "keep-alive"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                // The comment line starts the stream at once, so the client knows it is listening.
                try await writer.write(ByteBuffer(string: ": gamenight\n\n"))
                for await event in stream.cancelOnGracefulShutdown() {
                    try await writer.write(ByteBuffer(string: event.frame))
                }
                try await writer.finish(nil)
            })
    }

    /// Whether a Host header names this machine: `localhost` (or `*.localhost`), `127.x.y.z` or
    /// `[::1]`, with or without a port. A page of another site whose name is made to resolve to
    /// 127.0.0.1 (DNS rebinding) sends its own name, so it cannot read the site. A request with
    /// no Host (HTTP/1.0; browsers always send it) is answered.
    static func isLoopbackName(_ authority: String?) -> Bool {
        guard let authority else { return true }
        let isNumber = { (text: Substring) in
            (1...5).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isNumber }
        }
        var host = Substring(authority.lowercased())
        if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") {
            guard isNumber(host[host.index(after: colon)...]) else { return false }
            host = host[..<colon]
        }
        if host.hasSuffix(".") { host = host.dropLast() }
        if host == "localhost" || host.hasSuffix(".localhost") || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { isNumber($0) && (Int($0) ?? 256) <= 255 }
    }

    /// `build=N` in the events address: the published site the page was served from.
    static func servedBuild(_ target: String) -> Int? {
        guard let query = target.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
        for pair in query.split(separator: "&") where pair.hasPrefix("build=") {
            return Int(pair.dropFirst(6))
        }
        return nil
    }

    static func common(_ type: String) -> HTTPFields {
        var fields: HTTPFields = [.contentType: type, .cacheControl: "no-store"]
        if let name = HTTPField.Name("X-Content-Type-Options") { fields[name] = "nosniff" }
        return fields
    }

    static func plain(_ status: HTTPResponse.Status, _ text: String, headers extra: HTTPFields = [:]) -> Response {
        var headers = common("text/plain; charset=utf-8")
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

/// Content types of the files a site holds.
enum MediaTypes {
    static let html = "text/html; charset=utf-8"

    static func forPath(_ path: String) -> String {
        switch path.split(separator: ".").last?.lowercased() ?? "" {
        case "html", "htm": html
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml"
        case "xml": "application/xml; charset=utf-8"
        case "ics": "text/calendar; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "txt": "text/plain; charset=utf-8"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "ico": "image/x-icon"
        default: "application/octet-stream"
        }
    }
}
