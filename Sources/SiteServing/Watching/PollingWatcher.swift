import Foundation

/// Lists every file under the roots at an interval and reports the first path whose size,
/// modification time or inode differs, or that appeared or went. For file systems without
/// notifications (some network and container mounts) and platforms without a native watcher.
struct PollingWatcher: Sendable {
    let stop: @Sendable () -> Void

    init(_ inputs: WatchedInputs, interval: Duration, report: @escaping @Sendable (String, Change) -> Void) {
        let flag = StopFlag()
        stop = flag.stop
        let first = Self.listing(inputs)
        Thread.detachNewThread {
            var previous = first
            while !flag.isStopped {
                Thread.sleep(forTimeInterval: Double(interval / .milliseconds(1)) / 1000)
                let current = Self.listing(inputs)
                if let changed = current.first(where: { previous[$0.key] != $0.value })?.key
                    ?? previous.keys.first(where: { current[$0] == nil })
                {
                    // A listing cannot tell a finished write from one under way.
                    report(changed, .other)
                }
                previous = current
            }
        }
    }

    struct Stamp: Equatable {
        var size: Int64
        var modified: Int64
        var inode: UInt64
    }

    static func listing(_ inputs: WatchedInputs) -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        for root in inputs.roots {
            for folder in inputs.folders(under: root) {
                for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                where !name.hasPrefix(".") {
                    let path = folder + "/" + name
                    var info = stat()
                    guard inputs.isRelevant(path), stat(path, &info) == 0 else { continue }
                    #if canImport(Darwin)
                        let time = info.st_mtimespec
                    #else
                        let time = info.st_mtim
                    #endif
                    // Wrapping: a time set past 2262 must not trap.
                    let modified = Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
                    stamps[path] = Stamp(size: Int64(info.st_size), modified: modified, inode: UInt64(info.st_ino))
                }
            }
        }
        return stamps
    }
}
