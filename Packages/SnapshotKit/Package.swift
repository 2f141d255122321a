// swift-tools-version: 6.0
// SnapshotKit: snapshot assertions for Swift Testing and XCTest, and the `snapshots` review tool.
// Its one dependency, swift-syntax, is built only for InlineSnapshotKit (inline snapshots rewrite
// the test's source), so it costs nothing to a package that doesn't import that.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "SnapshotKit",
    // Swift 6.0 or later (Swift Testing); Linux, and these Apple platforms.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "SnapshotKit", targets: ["SnapshotKit"]),
        .library(name: "SnapshotKitCore", targets: ["SnapshotKitCore"]),
        .library(name: "InlineSnapshotKit", targets: ["InlineSnapshotKit"]),
        .executable(name: "snapshots", targets: ["snapshots"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0")
    ],
    targets: [
        // Strategies, diffing, storage and review without any test framework, so the `snapshots`
        // tool never links XCTest or Testing; SnapshotKit adds the assertion.
        .target(name: "SnapshotKitCore", swiftSettings: strict),
        .target(name: "SnapshotKit", dependencies: ["SnapshotKitCore"], swiftSettings: strict),
        // assertInlineSnapshot: the reference is a string literal in the test, recorded by
        // rewriting the test file with swift-syntax.
        .target(
            name: "InlineSnapshotKit",
            dependencies: [
                "SnapshotKit",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            swiftSettings: strict
        ),
        // Its own small argument parsing, so depending on SnapshotKit brings no other package.
        .executableTarget(name: "snapshots", dependencies: ["SnapshotKitCore"], swiftSettings: strict),
        .testTarget(name: "SnapshotKitTests", dependencies: ["SnapshotKit", "SnapshotKitCore"], swiftSettings: strict),
        .testTarget(
            name: "InlineSnapshotKitTests",
            dependencies: [
                "InlineSnapshotKit",
                // To read recorded literals back, as the compiler would.
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
