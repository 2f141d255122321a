public import Foundation

extension Snapshotting where Value == Data, Format == Data {
    /// Bytes compared exactly (images, archives), stored as `.bin`.
    public static var data: Snapshotting { data(pathExtension: "bin") }

    /// Bytes compared exactly, stored with `pathExtension` (`png` shows as an image in
    /// `snapshots review`).
    public static func data(pathExtension: String) -> Snapshotting {
        Snapshotting(pathExtension: pathExtension, diffing: .data)
    }
}

extension Diffing where Format == Data {
    /// Equal bytes or not; the message says the sizes and where they first differ.
    public static var data: Diffing<Data> {
        Diffing(
            toData: { $0 },
            fromData: { $0 },
            diff: { reference, actual, _ in
                guard reference != actual else { return nil }
                let first =
                    zip(reference, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(reference.count, actual.count)
                let summary = "binary data differs: \(reference.count) bytes, now \(actual.count) bytes"
                return SnapshotDifference(summary: summary, message: "\(summary); first difference at byte \(first)\n")
            }
        )
    }
}
