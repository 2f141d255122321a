// swift-tools-version: 6.0
import PackageDescription

// The libFuzzer target, in its own package so the main package's `swift build` and
// `swift test` never see it: it only links with libFuzzer's flags. Build and run it with
// `make fuzz` (Linux), which passes those flags.
let package = Package(
    name: "GameNightFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "GameNight", path: ".."),
        // SnapshotKit's normalizers (`TARGET=MarkupNormalizerFuzzer`): building that target
        // compiles SnapshotKitCore alone, none of GameNight.
        .package(path: "../Packages/SnapshotKit"),
    ],
    targets: [
        .executableTarget(
            name: "GameFileFuzzer",
            dependencies: [
                "CFuzzerDriver",
                .product(name: "GameDomain", package: "GameNight"),
                .product(name: "GameFileParsing", package: "GameNight"),
                .product(name: "SiteRendering", package: "GameNight"),
            ]
        ),
        .target(name: "CFuzzerDriver"),
        // The importers' targets (`make fuzz TARGET=BGGPlaysFuzzer`, `TARGET=BGStatsFuzzer`) share their checks.
        .target(
            name: "PlayImportFuzzing",
            dependencies: [
                .product(name: "GameDomain", package: "GameNight"),
                .product(name: "GameFileParsing", package: "GameNight"),
                .product(name: "PlayImporting", package: "GameNight"),
            ]),
        .executableTarget(
            name: "BGGPlaysFuzzer",
            dependencies: [
                "CFuzzerDriver", "PlayImportFuzzing", .product(name: "PlayImporting", package: "GameNight"),
            ]),
        .executableTarget(
            name: "BGStatsFuzzer",
            dependencies: [
                "CFuzzerDriver", "PlayImportFuzzing", .product(name: "PlayImporting", package: "GameNight"),
            ]),
        // The site's templates and `gamenight.yaml` (`TARGET=TemplateFuzzer`, `TARGET=ConfigurationFuzzer`).
        .target(
            name: "SiteFuzzing",
            dependencies: [
                .product(name: "GameDomain", package: "GameNight"),
                .product(name: "GameFileParsing", package: "GameNight"),
                .product(name: "SiteRendering", package: "GameNight"),
            ]),
        .executableTarget(
            name: "TemplateFuzzer",
            dependencies: [
                "CFuzzerDriver", "SiteFuzzing",
                .product(name: "GameDomain", package: "GameNight"),
                .product(name: "SiteRendering", package: "GameNight"),
            ]),
        .executableTarget(
            name: "ConfigurationFuzzer",
            dependencies: [
                "CFuzzerDriver", "SiteFuzzing",
                .product(name: "GameDomain", package: "GameNight"),
                .product(name: "SiteBuilding", package: "GameNight"),
                .product(name: "SiteRendering", package: "GameNight"),
            ]),
        .executableTarget(
            name: "MarkupNormalizerFuzzer",
            dependencies: [
                "CFuzzerDriver", .product(name: "SnapshotKitCore", package: "SnapshotKit"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
