import Foundation
import NIOConcurrencyHelpers
import NIOCore

/// The bodies of the files sent lately, for the newest build, each shared by every response that
/// sends it: a file asked for again is neither read nor copied. Bodies made per request, of
/// mixed sizes and freed on other threads, fragmented glibc's arenas: 200 clients pipelining
/// requests they never read grew the server from 35 to 173–667 MB, where the bodies they held
/// came to about 60 MB.
final class PageCache: Sendable {
    struct Key: Hashable {
        let path: String
        let version: ServedFile.Version
        /// The published build the body's live-reload script names.
        let build: Int
    }

    struct State {
        var build = 0
        var bodies: [Key: ByteBuffer] = [:]
        var bytes = 0
    }

    /// The most body bytes held; a larger body is sent, not kept.
    let capacity: Int
    /// A body is kept only once its file has been still for this many nanoseconds. A file
    /// written again within one tick of the file system's clock (a few milliseconds; two
    /// seconds on FAT) can keep its size and times, and so its version, with other bytes.
    let settling: Int64
    /// Nanoseconds since 1970.
    let now: @Sendable () -> Int64
    private let state = NIOLockedValueBox(State())

    init(
        capacity: Int = 32 << 20, settling: Int64 = 3_000_000_000,
        now: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1e9) }
    ) {
        self.capacity = capacity
        self.settling = settling
        self.now = now
    }

    /// The body held for `key`, or the one `make` gives (nil when it gives nil).
    func body(_ key: Key, make: () -> ByteBuffer?) -> ByteBuffer? {
        if let held = state.withLockedValue({ $0.bodies[key] }) { return held }
        guard let body = make() else { return nil }
        guard body.readableBytes <= capacity, now() &- max(key.version.modified, key.version.changed) >= settling else {
            return body
        }
        state.withLockedValue { state in
            // A late request of an older build keeps nothing; a newer build's first body
            // forgets the older bodies, which are not asked for again. Past the capacity all
            // are forgotten: simpler than least-recently-used, and as bounded.
            guard key.build >= state.build else { return }
            if key.build > state.build || state.bytes + body.readableBytes > capacity {
                state = State(build: key.build)
            }
            state.bytes += body.readableBytes - (state.bodies.updateValue(body, forKey: key)?.readableBytes ?? 0)
        }
        return body
    }

    /// How many bytes of bodies are held.
    var heldBytes: Int { state.withLockedValue { $0.bytes } }
}
