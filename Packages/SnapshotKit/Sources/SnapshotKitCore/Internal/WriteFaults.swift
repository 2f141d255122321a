import Foundation

/// Test-only fault injection, SQLite-style: a test arms it to make the n-th write under one
/// folder fail as a full disk would, for every n in turn. Only this package's tests reach it
/// (`package`); no flag, variable or file arms it. `FileSystem.write` consults it for the
/// file's creation and each write(2) of its bytes, and `FileSystem.replaceItem` for its rename
/// over the reference: one uncontended lock while nothing is armed.
package enum WriteFaults {
    private struct Armed {
        var nth: Int
        var error: Int32
        var persistent: Bool
        var counted = 0
    }

    /// By folder: tests running at once arm folders of their own.
    private static let armed = Locked<[String: Armed]>([:])

    /// From now on the operations on paths under `root` are counted, and the `nth` fails with
    /// `error`; with `persistent`, every later one fails too, as on a disk that stays full.
    package static func arm(under root: String, nth: Int, error: Int32 = ENOSPC, persistent: Bool = true) {
        armed.withLock { $0[root] = Armed(nth: nth, error: error, persistent: persistent) }
    }

    /// Disarms `root`; returns how many operations were counted there (the fault fired if that
    /// is >= nth).
    @discardableResult
    package static func disarm(under root: String) -> Int {
        armed.withLock { $0.removeValue(forKey: root)?.counted ?? 0 }
    }

    /// The errno this operation on `path` fails with, or nil.
    static func fault(at path: String) -> Int32? {
        armed.withLock { armed -> Int32? in
            guard !armed.isEmpty, let root = armed.keys.first(where: { path == $0 || path.hasPrefix($0 + "/") }),
                var state = armed[root]
            else { return nil }
            state.counted += 1
            armed[root] = state
            return state.counted == state.nth || state.persistent && state.counted > state.nth ? state.error : nil
        }
    }
}
