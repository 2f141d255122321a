public import GameDomain

/// Fans build results out to the open pages' event streams, and remembers the state a newly
/// opened page must learn at once: a build published after the page was served, or the error
/// of the last build.
public actor ReloadChannel {
    /// The number of the published site (0 before the first good build).
    public private(set) var published = 0
    /// The published site's base path (`/games/`): `serve` serves the site there, as it is published.
    public private(set) var basePath = "/"
    /// The last build's failure, until a build succeeds.
    public private(set) var failure: [Diagnostic]?
    private var subscribers: [Int: AsyncStream<ReloadEvent>.Continuation] = [:]
    private var nextSubscriber = 0
    private var isFinished = false
    /// Open streams at once. A stream whose page is gone is only noticed at the next event, so
    /// past this number the oldest stream is ended: it bounds what idle streams can hold.
    public let maxSubscribers: Int

    public init(maxSubscribers: Int = 64) {
        self.maxSubscribers = maxSubscribers
    }

    public var subscriberCount: Int { subscribers.count }

    /// A stream for a page served from published site `servedBuild`; nil once the channel is
    /// finished (the server is stopping).
    public func subscribe(servedBuild: Int?) -> AsyncStream<ReloadEvent>? {
        guard !isFinished else { return nil }
        while subscribers.count >= maxSubscribers, let oldest = subscribers.keys.min() {
            subscribers.removeValue(forKey: oldest)?.finish()
        }
        let (stream, continuation) = AsyncStream.makeStream(of: ReloadEvent.self, bufferingPolicy: .bufferingNewest(8))
        let id = nextSubscriber
        nextSubscriber += 1
        subscribers[id] = continuation
        continuation.onTermination = { _ in Task { await self.remove(id) } }
        if let servedBuild, servedBuild < published {
            continuation.yield(.reload(build: published))
        } else if let failure {
            continuation.yield(.error(failure))
        }
        return stream
    }

    /// Called only once the new site is in place, so a page reloading on this event gets it.
    public func didPublish(basePath: String = "/") {
        self.basePath = basePath
        published += 1
        failure = nil
        broadcast(.reload(build: published))
    }

    public func didFail(_ diagnostics: [Diagnostic]) {
        failure = diagnostics
        broadcast(.error(diagnostics))
    }

    /// Ends every stream, so responses still streaming finish and the server can stop.
    public func finish() {
        isFinished = true
        for continuation in subscribers.values { continuation.finish() }
        subscribers = [:]
    }

    private func broadcast(_ event: ReloadEvent) {
        for continuation in subscribers.values { continuation.yield(event) }
    }

    private func remove(_ id: Int) {
        subscribers[id] = nil
    }
}
