// swift-tools-version: 6.0
// SnapshotKit: snapshot assertions for Swift Testing and XCTest, and the `snapshots` review tool.
// No dependencies: a package that depends on SnapshotKit resolves nothing else.
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
        .executable(name: "snapshots", targets: ["snapshots"]),
    ],
    targets: [
        // Strategies, diffing, storage and review without any test framework, so the `snapshots`
        // tool never links XCTest or Testing; SnapshotKit adds the assertion.
        .target(name: "SnapshotKitCore", swiftSettings: strict),
        .target(name: "SnapshotKit", dependencies: ["SnapshotKitCore"], swiftSettings: strict),
        // Its own small argument parsing, so depending on SnapshotKit brings no other package.
        .executableTarget(name: "snapshots", dependencies: ["SnapshotKitCore"], swiftSettings: strict),
        .testTarget(name: "SnapshotKitTests", dependencies: ["SnapshotKit", "SnapshotKitCore"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
