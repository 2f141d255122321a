#if canImport(CoreServices) && !os(Linux)
    import CoreServices
    import Foundation

    /// FSEvents: one stream over the roots with file-level events, delivered on a private queue.
    struct FSEventsWatcher: Sendable {
        let stop: @Sendable () -> Void

        /// The callback's context: what to call, kept alive until the stream is released.
        final class Box: @unchecked Sendable {
            let report: @Sendable (String, Change) -> Void
            var stream: FSEventStreamRef?

            init(_ report: @escaping @Sendable (String, Change) -> Void) {
                self.report = report
            }
        }

        init(_ inputs: WatchedInputs, report: @escaping @Sendable (String, Change) -> Void) {
            let box = Box(report)
            let queue = DispatchQueue(label: "gamenight.fsevents")
            var context = FSEventStreamContext(
                version: 0, info: Unmanaged.passRetained(box).toOpaque(),
                retain: nil, release: nil, copyDescription: nil)
            let callback: FSEventStreamCallback = { _, info, count, paths, _, _ in
                guard let info else { return }
                let box = Unmanaged<Box>.fromOpaque(info).takeUnretainedValue()
                // With kFSEventStreamCreateFlagUseCFTypes, `paths` is a CFArray of CFString.
                let list = unsafeBitCast(paths, to: NSArray.self)
                for index in 0..<min(count, list.count) {
                    if let path = list[index] as? String { box.report(path, .other) }
                }
            }
            let flags = FSEventStreamCreateFlags(
                kFSEventStreamCreateFlagFileEvents | kFSEventStreamCreateFlagNoDefer
                    | kFSEventStreamCreateFlagUseCFTypes)
            box.stream = FSEventStreamCreate(
                nil, callback, &context, inputs.roots as CFArray,
                FSEventStreamEventId(kFSEventStreamEventIdSinceNow), 0.01, flags)
            if let stream = box.stream {
                FSEventStreamSetDispatchQueue(stream, queue)
                FSEventStreamStart(stream)
            }
            stop = {
                queue.sync {
                    if let stream = box.stream {
                        FSEventStreamStop(stream)
                        FSEventStreamInvalidate(stream)
                        FSEventStreamRelease(stream)
                        box.stream = nil
                        Unmanaged.passUnretained(box).release()
                    }
                }
            }
        }
    }
#endif
