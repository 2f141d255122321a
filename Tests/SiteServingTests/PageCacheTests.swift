import Foundation
import NIOCore
import TestSupport
import Testing

@testable import SiteServing

struct PageCacheTests {
    /// A folder with `page.html` holding `text`, served by a fresh `SiteFiles`.
    final class Folder {
        let temporary: TemporaryFolder
        var url: URL { temporary.url }
        let files: SiteFiles

        init(_ text: String) throws {
            let temporary = try TemporaryFolder("pages")
            let url = temporary.url
            self.temporary = temporary
            try Data(text.utf8).write(to: url.appendingPathComponent("page.html"))
            files = try #require(SiteFiles(root: url.path))
        }

        /// Writes the page in place (the same file, other bytes), its modification time set to
        /// `modified` seconds since 1970.
        func rewrite(_ text: String, modified: Int) throws {
            let path = url.appendingPathComponent("page.html").path
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: Double(modified))], ofItemAtPath: path)
        }

        func page() throws -> ServedFile {
            guard case .file(let file) = files.lookup(SitePath(segments: ["page.html"], namesFolder: false)) else {
                throw CocoaError(.fileNoSuchFile)
            }
            return file
        }
    }

    /// A cache for which every file has long been still.
    static func settled(capacity: Int = 32 << 20) -> PageCache {
        PageCache(capacity: capacity, now: { .max })
    }

    /// `cache`'s body for `file` in `build`, made from the file's bytes; `made` counts the reads.
    func body(_ cache: PageCache, _ file: ServedFile, build: Int, made: inout Int) -> String? {
        let body = cache.body(PageCache.Key(path: file.path, version: file.version, build: build)) {
            made += 1
            return file.read().map { ByteBuffer(bytes: $0) }
        }
        return body.map { String(buffer: $0) }
    }

    @Test func aFileIsReadOncePerVersionAndBuild() throws {
        let folder = try Folder("<p>one</p>")
        let cache = Self.settled()
        var made = 0
        #expect(body(cache, try folder.page(), build: 1, made: &made) == "<p>one</p>")
        #expect(body(cache, try folder.page(), build: 1, made: &made) == "<p>one</p>")
        #expect(made == 1)
        // A new build's page names that build in its script: made anew, and the older build's forgotten.
        #expect(body(cache, try folder.page(), build: 2, made: &made) == "<p>one</p>")
        #expect(made == 2)
        #expect(cache.heldBytes == 10)
        _ = body(cache, try folder.page(), build: 1, made: &made)
        #expect(made == 3)
    }

    /// Written in place, with the same size and another modification time: read again, in the
    /// same build.
    @Test func aFileWrittenInPlaceIsReadAgain() throws {
        let folder = try Folder("<p>one</p>")
        try folder.rewrite("<p>two</p>", modified: 1_000_000)
        let cache = Self.settled()
        var made = 0
        _ = body(cache, try folder.page(), build: 1, made: &made)
        try folder.rewrite("<p>six</p>", modified: 2_000_000)
        #expect(body(cache, try folder.page(), build: 1, made: &made) == "<p>six</p>")
        #expect(made == 2)
    }

    /// A file changed less than `settling` ago could change again within the same clock tick,
    /// keeping its version: its body is sent, not kept, until it has been still that long.
    @Test func aFileChangedJustNowIsNotKept() throws {
        let file = try Folder("<p>one</p>").page()
        let changed = max(file.version.modified, file.version.changed)
        var made = 0
        let recent = PageCache(settling: 3_000_000_000, now: { changed + 2_999_999_999 })
        _ = body(recent, file, build: 1, made: &made)
        _ = body(recent, file, build: 1, made: &made)
        #expect(made == 2)
        #expect(recent.heldBytes == 0)
        let still = PageCache(settling: 3_000_000_000, now: { changed + 3_000_000_000 })
        _ = body(still, file, build: 1, made: &made)
        _ = body(still, file, build: 1, made: &made)
        #expect(made == 3)
    }

    /// A late request of an older build keeps nothing and forgets nothing.
    @Test func anOlderBuildDoesNotDisplaceANewerOne() throws {
        let file = try Folder("<p>one</p>").page()
        let cache = Self.settled()
        var made = 0
        _ = body(cache, file, build: 2, made: &made)
        _ = body(cache, file, build: 1, made: &made)
        _ = body(cache, file, build: 1, made: &made)
        _ = body(cache, file, build: 2, made: &made)
        #expect(made == 3)
        #expect(cache.heldBytes == 10)
    }

    /// A body larger than the whole cache is sent and not kept, and the others stay.
    @Test func aBodyLargerThanTheCacheDisplacesNothing() throws {
        let file = try Folder("page").page()
        let cache = Self.settled(capacity: 100)
        let key = { (name: String) in PageCache.Key(path: name, version: file.version, build: 1) }
        _ = cache.body(key("/small.html")) { ByteBuffer(repeating: 0x61, count: 10) }
        #expect(cache.body(key("/large.html")) { ByteBuffer(repeating: 0x62, count: 101) }?.readableBytes == 101)
        #expect(cache.heldBytes == 10)
        #expect(cache.body(key("/small.html")) { nil }?.readableBytes == 10)
    }

    /// Shrunk between opening and reading: not read whole, so not sent as the page.
    @Test func aFileThatShrankIsNotReadWhole() throws {
        let folder = try Folder("<p>one</p>")
        let file = try folder.page()
        try folder.rewrite("<p>", modified: 1_000_000)
        #expect(file.read() == nil)
        #expect(try folder.page().read() == Array("<p>".utf8))
    }

    @Test func whatCannotBeReadIsNotKept() throws {
        let cache = Self.settled()
        let file = try Folder("page").page()
        let key = PageCache.Key(path: file.path, version: file.version, build: 1)
        var made = 0
        for _ in 0..<2 {
            #expect(
                cache.body(key) {
                    made += 1
                    return nil
                } == nil)
        }
        #expect(made == 2)
        #expect(cache.heldBytes == 0)
    }

    /// Bodies of `size` bytes for twelve files, into a cache of 100 bytes: it never holds more,
    /// and holds `held` at the end. One larger than the whole cache is sent and not kept.
    @Test(arguments: [(1, 12), (30, 90), (100, 100), (101, 0)])
    func heldBytesStayWithinTheCapacity(size: Int, held: Int) throws {
        let cache = Self.settled(capacity: 100)
        let file = try Folder("page").page()
        for index in 0..<12 {
            let key = PageCache.Key(path: "/site/\(index).html", version: file.version, build: 1)
            #expect(cache.body(key) { ByteBuffer(repeating: 0x61, count: size) }?.readableBytes == size)
            #expect(cache.heldBytes <= 100)
        }
        #expect(cache.heldBytes == held)
    }
}
