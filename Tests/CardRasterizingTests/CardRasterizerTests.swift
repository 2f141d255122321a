import Foundation
import Testing

@testable import CardRasterizing

@Suite("Card rasterizer")
struct CardRasterizerTests {
    static let svg = Array(
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
          <rect width="1200" height="630" fill="#fbf8f1"/>
          <text x="64" y="172" font-size="62" font-family="DejaVu Sans, IPAexGothic, sans-serif">Catan · カタン 花子</text>
        </svg>
        """.utf8)

    /// The PNG's IHDR: width and height, big-endian, after the signature and the chunk's header.
    static func size(of png: [UInt8]) -> (Int, Int)? {
        guard png.count > 24, png.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            return nil
        }
        func number(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    @Test func drawsAPNGOfTheSizeAsked() throws {
        let png = try CardRasterizer.png(svg: Self.svg, width: 1200, height: 630)
        let size = try #require(Self.size(of: png))
        #expect(size == (1200, 630))
    }

    /// The same SVG gives the same bytes: two builds of a site are byte-identical.
    @Test func sameSVGSameBytes() throws {
        #expect(
            try CardRasterizer.png(svg: Self.svg, width: 1200, height: 630)
                == CardRasterizer.png(svg: Self.svg, width: 1200, height: 630))
    }

    /// Drawn on many threads at once, as the render stage's workers do: every image is the one
    /// drawn alone (librsvg, cairo, pango and fontconfig share nothing that breaks).
    @Test func drawsOnManyThreadsAtOnce() async throws {
        let alone = try CardRasterizer.png(svg: Self.svg, width: 1200, height: 630)
        let images = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<24 { group.addTask { try CardRasterizer.png(svg: Self.svg, width: 1200, height: 630) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(images.count == 24 && images.allSatisfy { $0 == alone })
    }

    @Test func brokenSVGIsAnErrorSayingWhy() {
        #expect(throws: CardRasterizer.Failure.self) {
            try CardRasterizer.png(svg: Array("<svg".utf8), width: 1200, height: 630)
        }
        #expect(throws: CardRasterizer.Failure.self) {
            try CardRasterizer.png(svg: Array("not xml at all".utf8), width: 1200, height: 630)
        }
        #expect(throws: CardRasterizer.Failure.self) { try CardRasterizer.png(svg: Self.svg, width: 0, height: 630) }
    }

    /// A reference to another file draws nothing from it: librsvg reads no file for an SVG
    /// given as bytes without a base.
    @Test func loadsNoOtherFile() throws {
        let svg = Array(
            """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">
              <image width="10" height="10" xlink:href="file:///etc/passwd"/>
            </svg>
            """.utf8)
        let empty = Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>".utf8)
        #expect(
            try CardRasterizer.png(svg: svg, width: 10, height: 10)
                == CardRasterizer.png(svg: empty, width: 10, height: 10))
    }

    /// What draws names the libraries and the font files fontconfig gives each family list, with
    /// their sizes: the same in every call, and another list of families gives another answer.
    @Test func identityNamesTheFontFiles() throws {
        let latin = CardRasterizer.identity(fonts: ["DejaVu Sans, sans-serif"])
        #expect(latin == CardRasterizer.identity(fonts: ["DejaVu Sans, sans-serif"]))
        #expect(latin.hasPrefix(CardRasterizer.identity + "\n"))
        // Each font line is `<file> <face index> <size> <modified>`, of a file that is there.
        let files = latin.split(separator: "\n").dropFirst().filter { !$0.hasSuffix(":") }
        #expect(!files.isEmpty)
        for line in files {
            let path = String(line.split(separator: " ").dropLast(3).joined(separator: " "))
            #expect(FileManager.default.fileExists(atPath: path), "\(line)")
        }
        #expect(CardRasterizer.identity(fonts: ["monospace"]) != latin)
    }
}

/// The libraries are opened when a card is first drawn: one that is missing, or that lacks a
/// function, is a message saying what to install, not a crash at start.
@Suite("Card rasterizer's libraries")
struct CardLibraryTests {
    @Test func aMissingLibrarySaysWhatToInstall() throws {
        let opened = Library.open(["libgamenight-no-such-library.so.0"])
        guard case .failure(let failure) = opened else {
            Issue.record("a library that does not exist opened")
            return
        }
        #expect(failure.description.contains("librsvg2-2") && failure.description.contains("--no-cards"))
    }

    @Test func aLibraryWithoutTheFunctionsNamesTheMissingOne() throws {
        #if os(Linux)
            let opened = Library.open(["libc.so.6"])
            guard case .failure(let failure) = opened else {
                Issue.record("the C library passed for librsvg")
                return
            }
            #expect(failure.description.contains("rsvg_major_version"))
        #endif
    }

    @Test func theInstalledLibraryHasEveryFunction() throws {
        _ = try Library.open(Library.names).get()
    }
}
