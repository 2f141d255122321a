import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request body grows past the limit. The responder refuses bodies
/// announced too large (413); this stops one that was not announced, or sent regardless, from
/// being read for as long as the client likes.
final class BodyLimitHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    let maxBytes: Int
    private var received = 0

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: received = 0
        case .body(let buffer):
            received += buffer.readableBytes
            if received > maxBytes {
                context.close(promise: nil)
                return
            }
        case .end: break
        }
        context.fireChannelRead(data)
    }
}
