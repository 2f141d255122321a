public import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where and how `serve` listens. The limits bound what one client can make the server hold.
public struct ServerSettings: Sendable {
    public var host = "127.0.0.1"
    public var port = 1313
    /// A connection that sends no complete request head (or body part), or reads nothing of a
    /// response, for this long is closed: slow clients cannot hold it open.
    public var idleTimeout: Duration = .seconds(10)
    /// The request line and headers, in bytes.
    public var maxHeaderBytes = 16 * 1024
    public var maxHeaderCount = 100
    public var maxBodyBytes = 0
    /// Bytes of earlier responses a client may leave unread when a new response starts (it
    /// pipelined requests); past this the connection is closed. A connection that takes no
    /// bytes at all for `idleTimeout` is closed too. Browsers do not pipeline, and a single
    /// response of any size is never cut: this bounds only what an attacker's connections hold.
    public var maxUnreadBytes = 256 << 10

    public init(host: String = "127.0.0.1", port: Int = 1313) {
        self.host = host
        self.port = port
    }

    /// Whether `host` reaches only this machine.
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}

/// The HTTP server of `serve`: Hummingbird's HTTP/1.1 server answering with `SiteResponder`.
public enum SiteServer {
    /// An application that serves `files` and the reload `channel`; run it in a service group.
    /// `onRunning` receives the port actually bound (useful with port 0).
    public static func application(
        files: SiteFiles, channel: ReloadChannel, settings: ServerSettings,
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        var http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [
                BodyLimitHandler(maxBytes: settings.maxBodyBytes),
                SlowReaderHandler(
                    maxBacklog: settings.maxUnreadBytes,
                    timeout: .nanoseconds(Int64(settings.idleTimeout / .nanoseconds(1)))),
            ],
            idleTimeout: .nanoseconds(Int64(settings.idleTimeout / .nanoseconds(1)))
        )
        http.httpDecoder = .init(
            maxHeaderFieldSize: settings.maxHeaderBytes, maxHeaderListSize: settings.maxHeaderBytes,
            maxHeaderFieldCount: settings.maxHeaderCount)
        var logger = Logger(label: "gamenight.serve")
        logger.logLevel = .critical
        return Application(
            responder: SiteResponder(
                files: files, channel: channel, maxBodyBytes: settings.maxBodyBytes,
                loopbackOnly: ServerSettings.isLoopback(settings.host)),
            server: .http1(configuration: http),
            configuration: ApplicationConfiguration(
                address: .hostname(settings.host, port: settings.port), serverName: "gamenight"),
            onServerRunning: { server in await onRunning(server.localAddress?.port ?? settings.port) },
            logger: logger
        )
    }

    /// Why the server could not listen, in words (NIO's own text names its system call), and
    /// what to change.
    public static func listenFailure(_ error: any Error) -> (reason: String, advice: String) {
        let port = "choose another port with --port"
        guard let error = error as? IOError else { return (String(describing: error), "check --bind and --port") }
        switch error.errnoCode {
        case EADDRINUSE: return ("the port is in use by another program (another `gamenight serve`?)", port)
        case EACCES: return ("permission denied (ports below 1024 need privileges)", port)
        case EADDRNOTAVAIL:
            return (
                "this machine has no such address",
                "choose one of its addresses with --bind, or leave it out for 127.0.0.1"
            )
        default: return (String(cString: strerror(error.errnoCode)), "check --bind and --port")
        }
    }
}
