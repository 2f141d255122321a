// swift-tools-version: 6.0
// Benchmarks are not tests: `make bench` builds this package in release mode and runs each
// executable, which prints its figures as ratios against the named peer measured in the same run.
// The site-build benchmark against Hugo is a script beside this file, `site_bench.py` (`make bench-site`).
import PackageDescription

let package = Package(
    name: "GameNightBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "GameNight", path: ".."),
        .package(path: "../Packages/SnapshotKit"),
        // The peer our snapshot library is measured against.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", exact: "1.19.7"),
    ],
    targets: [
        .executableTarget(
            name: "SnapshotBenchmark",
            dependencies: [
                .product(name: "SnapshotKit", package: "SnapshotKit"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        // `assertSnapshot` as users call it, in a debug `swift test`: `make bench` runs it.
        .testTarget(
            name: "AssertionBenchmark",
            dependencies: [
                .product(name: "SnapshotKit", package: "SnapshotKit"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .executableTarget(
            name: "SolverBenchmark",
            dependencies: [
                .product(name: "GameDomain", package: "GameNight"),
                .product(name: "PuzzleSolver", package: "GameNight"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
