@_exported public import SnapshotKitCore
