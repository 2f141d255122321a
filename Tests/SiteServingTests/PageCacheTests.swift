import Foundation
import NIOCore
import Testing
@testable import SiteServing

struct PageCacheTests {
    /// A folder with `page.html` holding `text`, served by a fresh `SiteFiles`.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gamenight-pages-\(UUID().uuidString)")
        let files: SiteFiles

        init(_ text: String) throws {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url.appendingPathComponent("page.html"))
            files = try #require(SiteFiles(root: url.path))
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        /// Writes the page in place: the same file, other bytes.
        func rewrite(_ text: String) throws {
            let handle = try FileHandle(forWritingTo: url.appendingPathComponent("page.html"))
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
        }

        func page() throws -> SiteFile {
            guard case .file(let file) = files.lookup(SitePath(segments: ["page.html"], namesFolder: false)) else {
                throw CocoaError(.fileNoSuchFile)
            }
            return file
        }
    }

    /// `cache`'s body for `file` in `build`, made from the file's bytes; `made` counts the reads.
    func body(_ cache: PageCache, _ file: SiteFile, build: Int, made: inout Int) -> String? {
        let body = cache.body(PageCache.Key(path: file.path, version: file.version, build: build)) {
            made += 1
            return file.read().map { ByteBuffer(bytes: $0) }
        }
        return body.map { String(buffer: $0) }
    }

    @Test func aFileIsReadOncePerVersionAndBuild() throws {
        let folder = try Folder("<p>one</p>")
        let cache = PageCache()
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

    /// Written in place (same file, longer): the next request reads it again, in the same build.
    @Test func aFileWrittenInPlaceIsReadAgain() throws {
        let folder = try Folder("<p>one</p>")
        let cache = PageCache()
        var made = 0
        _ = body(cache, try folder.page(), build: 1, made: &made)
        try folder.rewrite("<p>two, and more</p>")
        #expect(body(cache, try folder.page(), build: 1, made: &made) == "<p>two, and more</p>")
        #expect(made == 2)
    }

    @Test func whatCannotBeReadIsNotKept() throws {
        let cache = PageCache()
        let file = try Folder("page").page()
        let key = PageCache.Key(path: file.path, version: file.version, build: 1)
        var made = 0
        for _ in 0..<2 {
            #expect(cache.body(key) { made += 1; return nil } == nil)
        }
        #expect(made == 2)
        #expect(cache.heldBytes == 0)
    }

    /// Bodies of `size` bytes for twelve files, into a cache of 100 bytes: it never holds more,
    /// and holds `held` at the end. One larger than the whole cache is sent and not kept.
    @Test(arguments: [(1, 12), (30, 90), (100, 100), (101, 0)])
    func heldBytesStayWithinTheCapacity(size: Int, held: Int) throws {
        let cache = PageCache(capacity: 100)
        let file = try Folder("page").page()
        for index in 0..<12 {
            let key = PageCache.Key(path: "/site/\(index).html", version: file.version, build: 1)
            #expect(cache.body(key) { ByteBuffer(repeating: 0x61, count: size) }?.readableBytes == size)
            #expect(cache.heldBytes <= 100)
        }
        #expect(cache.heldBytes == held)
    }
}
