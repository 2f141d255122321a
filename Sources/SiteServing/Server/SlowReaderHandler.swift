import NIOCore
import NIOHTTPTypes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Closes a connection whose client stops reading what it asked for. The idle timeout covers
/// neither case below, as it pauses while a response is being written:
/// - a response starts while more than `maxBacklog` bytes of earlier ones still wait for the
///   socket: the client pipelined requests and reads none of the answers, which would
///   otherwise pile up in memory (hundreds of such connections held gigabytes);
/// - the connection stays unwritable (the client reads nothing) for `timeout`.
/// The connection is reset, not closed: a close would wait in the kernel behind the unread
/// answers, which the client never takes, holding their buffer.
final class SlowReaderHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let maxBacklog: Int
    let timeout: TimeAmount
    /// Body bytes written but not yet taken by the socket.
    private(set) var backlog = 0
    private var stall: Scheduled<Void>?

    init(maxBacklog: Int, timeout: TimeAmount) {
        self.maxBacklog = maxBacklog
        self.timeout = timeout
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head where backlog > maxBacklog:
            promise?.fail(ChannelError.ioOnClosedChannel)
            reset(context)
        case .body(let buffer):
            let count = buffer.readableBytes
            backlog += count
            let written = promise ?? context.eventLoop.makePromise()
            written.futureResult.assumeIsolated().whenComplete { _ in self.backlog -= count }
            context.write(data, promise: written)
        default:
            context.write(data, promise: promise)
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            stall?.cancel()
            stall = nil
        } else if stall == nil {
            stall = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { self.reset(context) }
        }
        context.fireChannelWritabilityChanged()
    }

    func reset(_ context: ChannelHandlerContext) {
        _ = (context.channel as? any SocketOptionProvider)?.setSoLinger(linger(l_onoff: 1, l_linger: 0))
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stall?.cancel()
        stall = nil
        context.fireChannelInactive()
    }
}
