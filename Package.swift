// swift-tools-version: 6.0
import PackageDescription

// Strictness for every target in one place (after swift-custom-dump's Package.swift).
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// The programs allocate with mimalloc (Debian `libmimalloc-dev`) on Linux: linked before libc,
// it takes over malloc for the whole process, the Swift runtime's included. A build allocates
// millions of small objects: glibc's malloc and free were a seventh of its CPU time, and with
// mimalloc the same build takes a seventh less CPU, for 10–17 MiB more peak memory
// (docs/BENCHMARKS.md). The CLI's tests link it too.
let fastAllocator: [LinkerSetting] = [.linkedLibrary("mimalloc", .when(platforms: [.linux]))]

let snapshotKit: Target.Dependency = .product(name: "SnapshotKit", package: "SnapshotKit")

let package = Package(
    name: "GameNight",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "gamenight", targets: ["gamenight"]),
        // `gamenight serve` runs this program, built apart so the HTTP server's dependencies
        // stay out of `gamenight build`'s build (docs/ARCHITECTURE.md has the figures).
        .executable(name: "gamenight-serve", targets: ["gamenight-serve"]),
        .library(name: "GameDomain", targets: ["GameDomain"]),
        .library(name: "GameFileParsing", targets: ["GameFileParsing"]),
        .library(name: "SiteRendering", targets: ["SiteRendering"]),
        .library(name: "SiteBuilding", targets: ["SiteBuilding"]),
        .library(name: "PuzzleSolver", targets: ["PuzzleSolver"]),
        .library(name: "PlayImporting", targets: ["PlayImporting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // For the libyaml it bundles (its target CYaml, which it does not publish as a product):
        // GameFileParsing composes front matter from libyaml's events. Minor versions only, so
        // an update that moves CYaml is a decision, not a surprise.
        .package(url: "https://github.com/jpsim/Yams", .upToNextMinor(from: "6.2.2")),
        // Our snapshot library, a package of its own (see Packages/SnapshotKit/README.md).
        .package(path: "Packages/SnapshotKit"),
        // The HTTP server of `gamenight serve` (SiteServing only) and what it is built on.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // libcmark, linked as a C system library. Only SiteRendering/Markdown imports it.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // librsvg's, cairo's and fontconfig's functions as the card rasteriser calls them, declared,
        // not linked: CardRasterizing opens the libraries when a card is first drawn.
        .systemLibrary(name: "CRsvg"),
        // Link-preview cards: SVG bytes in, PNG bytes out, through librsvg. Beside SiteRendering,
        // which draws the cards' SVG, so pages and their tests do not need librsvg.
        .target(name: "CardRasterizing", dependencies: ["CRsvg"]),
        // Games and their rules: value types, no I/O.
        .target(name: "GameDomain"),
        // Game files (Markdown + YAML front matter) to domain values; errors carry path:line:column.
        .target(
            name: "GameFileParsing",
            dependencies: ["GameDomain", .product(name: "Yams", package: "Yams")]
        ),
        // Play logs (BoardGameGeek XML, BG Stats JSON) to game files: streamed readers, a neutral
        // model, the mapping, the writer, and the import folder's safe, idempotent updates.
        .target(name: "PlayImporting", dependencies: ["GameDomain", "GameFileParsing", "CSystemShims"]),
        // Optimal sliding-puzzle solver with on-disk pattern databases.
        .target(name: "PuzzleSolver", dependencies: ["GameDomain", "CSystemShims"]),
        // Markdown (cmark), HTML through Mustache templates, SVG.
        .target(
            name: "SiteRendering",
            dependencies: [
                "GameDomain", "CCmark",
            ],
            plugins: ["EmbedTemplates"]
        ),
        // The build pipeline: find game files, parse, render, publish the site atomically.
        .target(
            name: "SiteBuilding",
            dependencies: [
                "GameDomain", "GameFileParsing", "SiteRendering", "CardRasterizing", "PuzzleSolver", "CSystemShims",
            ]
        ),
        // `gamenight serve`: a Hummingbird server for the built site, file watching, live reload.
        .target(
            name: "SiteServing",
            dependencies: [
                "SiteBuilding", "SiteRendering", "GameDomain",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The flags `build` and `serve` share, declared once.
        .target(
            name: "CommandOptions",
            dependencies: ["SiteBuilding", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "gamenight-serve",
            dependencies: [
                "SiteServing", "SiteBuilding", "SiteRendering", "CommandOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: fastAllocator,
            plugins: ["EmbedCommit"]
        ),
        // C calls Swift cannot make directly: the atomic exchange of two directories (renameat2 /
        // renamex_np) and the symbolic-link scan used to publish; the tests' write faults.
        .target(name: "CSystemShims"),
        .executableTarget(
            name: "gamenight",
            dependencies: [
                "SiteBuilding", "SiteRendering", "GameDomain", "PlayImporting", "CommandOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: fastAllocator,
            plugins: ["EmbedCommit"]
        ),
        // Compiles templates/ into the binary, so gamenight runs from anywhere.
        .executableTarget(name: "TemplateEmbedder"),
        .plugin(name: "EmbedTemplates", capability: .buildTool(), dependencies: ["TemplateEmbedder"]),
        // Names the commit the programs are built from, for `--version`.
        .plugin(name: "EmbedCommit", capability: .buildTool()),

        // Fixtures/ holds reference numbers (openskill's ratings); the tests read them via #filePath.
        .testTarget(name: "GameDomainTests", dependencies: ["GameDomain"], exclude: ["Fixtures"]),
        .testTarget(name: "GameFileParsingTests", dependencies: ["GameFileParsing"]),
        // What every test target shares: temporary folders.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "PuzzleSolverTests", dependencies: ["PuzzleSolver", "TestSupport"]),
        .testTarget(name: "CardRasterizingTests", dependencies: ["CardRasterizing"]),
        // Fixtures/ holds sample play logs (BGG XML pages, a BG Stats export); read via #filePath.
        .testTarget(
            name: "PlayImportingTests",
            dependencies: ["PlayImporting", "GameFileParsing", "CSystemShims", "TestSupport"], exclude: ["Fixtures"]),
        // MustacheSpec/ holds the official Mustache spec's JSON (MIT); the tests read it via #filePath.
        // …FuzzRegressions/ hold inputs the fuzzers (Fuzz/) found; the tests read them via #filePath.
        .testTarget(
            name: "SiteRenderingTests", dependencies: ["SiteRendering", snapshotKit],
            exclude: ["MustacheSpec", "TemplateFuzzRegressions"]),
        .testTarget(
            name: "SiteBuildingTests",
            dependencies: [
                "SiteBuilding", "GameFileParsing", "SiteRendering", "CardRasterizing", "PuzzleSolver", "PlayImporting",
                "CSystemShims", "TestSupport", snapshotKit,
            ],
            exclude: ["FuzzRegressions", "ConfigurationFuzzRegressions"]
        ),
        .testTarget(name: "gamenightTests", dependencies: ["gamenight", "TestSupport"]),
        .testTarget(
            name: "SiteServingTests",
            dependencies: [
                "SiteServing", "SiteBuilding", "GameDomain", "CSystemShims", "TestSupport", snapshotKit,
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system && target.type != .plugin && target.name != "CSystemShims" {
    target.swiftSettings = (target.swiftSettings ?? []) + strict
}
