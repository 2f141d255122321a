#if os(Linux)
    import Foundation
    import Glibc

    /// inotify: one watch per folder under the roots, added as folders appear. A thread reads the
    /// events and reports the path of each; a lost event (queue overflow) is reported as a change.
    struct InotifyWatcher: Sendable {
        let stop: @Sendable () -> Void

        /// Nil when inotify is not available (then polling takes over).
        init?(_ inputs: WatchedInputs, report: @escaping @Sendable (String, Change) -> Void) {
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { return nil }
            let flag = StopFlag()
            stop = flag.stop
            // Watching has begun when `init` returns: a change right after it is seen.
            var watches = Watches(descriptor: descriptor, inputs: inputs)
            for root in inputs.roots { watches.addTree(root) }
            Thread.detachNewThread { [watches] in
                var state = watches
                var buffer = [UInt8](repeating: 0, count: 64 * 1024)
                while !flag.isStopped {
                    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    // The timeout lets the thread see `stop` soon after the stream is dropped.
                    guard poll(&poller, 1, 200) > 0 else { continue }
                    let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                    guard count > 0 else { continue }
                    for (path, change) in state.handle(buffer, count: count) { report(path, change) }
                }
                close(descriptor)
            }
        }

        struct Watches {
            let descriptor: Int32
            let inputs: WatchedInputs
            var folders: [Int32: String] = [:]
            static let mask = UInt32(
                IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO
                    | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

            static func change(_ mask: UInt32) -> Change {
                if mask & UInt32(IN_ISDIR) != 0 { return .other }
                if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0 { return .closed }
                if mask & UInt32(IN_MODIFY) != 0 { return .writing }
                if mask & UInt32(IN_CREATE) != 0 { return .created }
                if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 { return .removed }
                return .other
            }

            mutating func addTree(_ top: String) {
                for folder in inputs.folders(under: top) {
                    let watch = inotify_add_watch(descriptor, folder, Self.mask)
                    if watch >= 0 { folders[watch] = folder }
                }
            }

            /// The paths named by the events in `buffer[..<count]`; new folders get watched.
            mutating func handle(_ buffer: [UInt8], count: Int) -> [(String, Change)] {
                var changed: [(String, Change)] = []
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= count {
                    let (watch, mask, length) = buffer.withUnsafeBytes { raw in
                        let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                        return (event.wd, event.mask, Int(event.len))
                    }
                    let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                    offset += header + length
                    if mask & UInt32(IN_Q_OVERFLOW) != 0, let root = inputs.roots.first {
                        changed.append((root, .other))
                        continue
                    }
                    guard let folder = folders[watch] else { continue }
                    if mask & UInt32(IN_IGNORED) != 0 {
                        folders[watch] = nil
                        continue
                    }
                    let path = nameBytes.isEmpty ? folder : folder + "/" + String(decoding: nameBytes, as: UTF8.self)
                    if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0,
                        inputs.isRelevant(path)
                    {
                        addTree(path)
                    }
                    changed.append((path, Self.change(mask)))
                }
                return changed
            }
        }
    }
#endif
