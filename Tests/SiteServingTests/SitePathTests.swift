import Testing

@testable import SiteServing

@Suite struct SitePathTests {
    @Test(arguments: [
        ("/", [String](), true),
        ("/index.html", ["index.html"], false),
        ("/games/x.html?v=1#top", ["games", "x.html"], false),
        ("/players/", ["players"], true),
        ("/players/%E8%8A%B1%E5%AD%90.html", ["players", "花子.html"], false),
        ("/a%20b.html", ["a b.html"], false),
    ])
    func accepts(target: String, segments: [String], folder: Bool) {
        #expect(SitePath.parse(target) == .success(SitePath(segments: segments, namesFolder: folder)))
    }

    /// Every way out of the site, or into an ambiguous name, is refused before the disk is asked.
    @Test(arguments: [
        "/..", "/../etc/passwd", "/games/../../secret.txt", "/./index.html", "/games/.",
        "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/.%2e/secret.txt", "/%2e./secret.txt",
        "/%252e%252e/secret.txt", "/games%2f..%2f..%2fsecret.txt", "/games%2F..%2F..%2Fsecret.txt",
        "/..%5csecret.txt", "/..\\secret.txt", "/games\\..\\..\\secret.txt", "//etc/passwd",
        "/games//x.html", "/index.html%00.css", "/index.html\u{0}", "/a%0d%0aSet-Cookie:%20x",
        "/%ff%fe", "/%", "/%2", "/%zz", "etc/passwd", "*", "http://example.org/index.html",
        "/%c0%ae%c0%ae/secret.txt",
    ])
    func refuses(target: String) {
        #expect(SitePath.parse(target) == .failure(.malformed))
    }

    @Test func refusesOverLongTargets() {
        #expect(SitePath.parse("/" + String(repeating: "a", count: SitePath.maxTargetBytes)) == .failure(.tooLong))
        #expect(SitePath.parse("/" + String(repeating: "a", count: 256)) == .failure(.malformed))
        #expect(SitePath.parse(String(repeating: "/a", count: 33)) == .failure(.malformed))
    }
}

@Suite struct HostNameTests {
    @Test(
        arguments: [
            ("127.0.0.1", true), ("127.0.0.1:1313", true), ("127.255.0.9", true), ("localhost", true),
            ("LOCALHOST:80", true),
            ("localhost.", true), ("site.localhost:1313", true), ("[::1]", true), ("[::1]:1313", true), (nil, true),
            ("evil.example", false), ("127.0.0.1.evil.example", false), ("127.evil.example", false),
            ("127.0.0.256", false),
            ("127.0.0", false), ("127.0.0.1:", false), ("127.0.0.1:x", false), ("127.0.0.1:80@evil.example", false),
            ("localhost.evil.example", false), ("[::2]", false), ("[::1]x", false), ("0.0.0.0", false), ("", false),
            ("127.0.0.+1", false), ("127.0.0.1:-1", false), ("127.0.0.01", true), ("127.0.0.1:123456", false),
        ] as [(String?, Bool)])
    func loopbackNames(host: String?, loopback: Bool) {
        #expect(SiteResponder.isLoopbackName(host) == loopback)
    }
}
