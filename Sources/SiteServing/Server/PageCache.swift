import NIOConcurrencyHelpers
import NIOCore

/// The bodies of the files sent lately, for the newest build, each shared by every response that
/// sends it: a file asked for again is neither read nor copied. Bodies made per request, of
/// mixed sizes and freed on other threads, fragmented glibc's arenas: 200 clients pipelining
/// requests they never read grew the server by 200–630 MB, where the bodies they held came to
/// about 60 MB.
final class PageCache: Sendable {
    struct Key: Hashable {
        let path: String
        let version: SiteFile.Version
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
    private let state = NIOLockedValueBox(State())

    init(capacity: Int = 32 << 20) {
        self.capacity = capacity
    }

    /// The body held for `key`, or the one `make` gives (nil when it gives nil).
    func body(_ key: Key, make: () -> ByteBuffer?) -> ByteBuffer? {
        if let held = state.withLockedValue({ $0.bodies[key] }) { return held }
        guard let body = make() else { return nil }
        state.withLockedValue { state in
            // An older build's bodies are not asked for again. Past the capacity all are
            // forgotten: simpler than least-recently-used, and as bounded.
            if state.build != key.build || state.bytes + body.readableBytes > capacity {
                state = State(build: key.build)
            }
            guard body.readableBytes <= capacity else { return }
            state.bytes += body.readableBytes - (state.bodies.updateValue(body, forKey: key)?.readableBytes ?? 0)
        }
        return body
    }

    /// How many bytes of bodies are held.
    var heldBytes: Int { state.withLockedValue { $0.bytes } }
}
