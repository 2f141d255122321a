/// A snapshot strategy: turns a `Value` into a diffable `Format` and says how it is stored.
/// Strategies are values; build new ones from old ones with `pullback`.
public struct Snapshotting<Value, Format>: Sendable {
    /// The reference file's extension (`txt`, `html`, ...); nil for directory snapshots.
    public var pathExtension: String?
    public var diffing: Diffing<Format>
    public var snapshot: @Sendable (Value) throws -> Format
    let storage: SnapshotStorage<Format>

    /// A strategy stored as one plain file.
    public init(
        pathExtension: String?,
        diffing: Diffing<Format>,
        snapshot: @escaping @Sendable (Value) throws -> Format
    ) {
        self.init(pathExtension: pathExtension, diffing: diffing, storage: .file(diffing), snapshot: snapshot)
    }

    init(
        pathExtension: String?,
        diffing: Diffing<Format>,
        storage: SnapshotStorage<Format>,
        snapshot: @escaping @Sendable (Value) throws -> Format
    ) {
        self.pathExtension = pathExtension
        self.diffing = diffing
        self.storage = storage
        self.snapshot = snapshot
    }

    /// A strategy for `NewValue` that converts it to `Value` first.
    public func pullback<NewValue>(
        _ transform: @escaping @Sendable (NewValue) throws -> Value
    ) -> Snapshotting<NewValue, Format> {
        let snapshot = self.snapshot
        return Snapshotting<NewValue, Format>(
            pathExtension: pathExtension, diffing: diffing, storage: storage,
            snapshot: { try snapshot(transform($0)) }
        )
    }

    /// The same strategy with its output rewritten before comparing and storing.
    public func map(_ transform: @escaping @Sendable (Format) throws -> Format) -> Snapshotting {
        let snapshot = self.snapshot
        return Snapshotting(
            pathExtension: pathExtension, diffing: diffing, storage: storage,
            snapshot: { try transform(snapshot($0)) }
        )
    }
}

extension Snapshotting where Value == Format {
    /// The value is its own snapshot.
    public init(pathExtension: String?, diffing: Diffing<Format>) {
        self.init(pathExtension: pathExtension, diffing: diffing, snapshot: { $0 })
    }
}
