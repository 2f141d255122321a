import Foundation
import SnapshotKit
import Testing
import XCTest

// What the samples call: a tiny site.
enum SamplePage {
    case home
    case game(String)
}

func render(_ page: SamplePage) throws -> String {
    switch page {
    case .home: "<main><h1>Games</h1><p>Two <b>games</b> tonight.</p></main>"
    case .game(let id): "<main><h1>\(id)</h1></main>"
    }
}

func renderLater(_ page: SamplePage) async throws -> String {
    try render(page)
}

// README sample
@Test func asyncPage() async throws {
    assertSnapshot(of: try await renderLater(.home), as: .html, named: "home")
}
// README sample end

// README sample
final class PageTests: XCTestCase {
    func testHome() throws {
        assertSnapshot(of: try render(.home), as: .html, named: "home")
    }
}
// README sample end

// README sample
@Suite(.snapshots(record: .failed))
struct RecordingTests {
    @Test func home() throws {
        assertSnapshot(of: try render(.home), as: .html, named: "home")
    }
}
// README sample end

/// Every Swift sample in the README is compiled: it appears in a test source (this file,
/// StrategyTests.swift, InlineSnapshotTests.swift), at any indentation. Package.swift samples can't be compiled in a test;
/// their path form must name this package, which GameNight's own manifest depends on.
@Suite struct ReadmeTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static func samples() throws -> [String] {
        let readme = try String(
            contentsOf: folder.appendingPathComponent("../../README.md").standardizedFileURL, encoding: .utf8)
        return readme.components(separatedBy: "```swift\n").dropFirst().compactMap {
            $0.components(separatedBy: "\n```").first
        }
    }

    @Test func everySwiftSampleIsCompiledByATest() throws {
        // Every test target's sources (InlineSnapshotKitTests holds the inline sample).
        let tests = Self.folder.deletingLastPathComponent()
        let sources = try FileManager.default.subpathsOfDirectory(atPath: tests.path)
            .filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOf: tests.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
        let samples = try Self.samples()
        #expect(samples.count >= 7)
        for sample in samples where !sample.hasPrefix("// Package.swift") {
            let found = [0, 4, 8].contains { indent in
                let prefix = String(repeating: " ", count: indent)
                return sources.contains(
                    sample.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { $0.isEmpty ? "" : prefix + $0 }.joined(separator: "\n"))
            }
            #expect(found, "README sample not compiled by any test:\n\(sample.prefix(200))")
        }
    }

    @Test func manifestSamplesNameThisPackage() throws {
        let manifests = try Self.samples().filter { $0.hasPrefix("// Package.swift") }
        #expect(manifests.count == 2)
        #expect(manifests.contains { $0.contains(#".package(path: "../GameNight/Packages/SnapshotKit")"#) })
        // The URL form is for once SnapshotKit is published, and says so.
        #expect(manifests.filter { $0.contains(".package(url:") }.allSatisfy { $0.contains("not live yet") })
        let ownManifest = try String(
            contentsOf: Self.folder.appendingPathComponent("../../Package.swift").standardizedFileURL, encoding: .utf8)
        #expect(ownManifest.contains(#"name: "SnapshotKit""#))
        let gameNight = try String(
            contentsOf: Self.folder.appendingPathComponent("../../../../Package.swift").standardizedFileURL,
            encoding: .utf8)
        #expect(gameNight.contains(#".package(path: "Packages/SnapshotKit")"#))
    }
}
