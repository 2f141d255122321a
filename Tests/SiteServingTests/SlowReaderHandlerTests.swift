import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import SiteServing

/// The rules that close a connection whose client reads nothing, on an embedded channel: a
/// write stays pending (unread) until the channel is flushed, and time passes only when told.
@Suite struct SlowReaderHandlerTests {
    func channel(maxBacklog: Int = 1000) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(handler: SlowReaderHandler(maxBacklog: maxBacklog, timeout: .seconds(10)))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return channel
    }

    func respond(_ channel: EmbeddedChannel, bytes: Int) {
        channel.write(HTTPResponsePart.head(HTTPResponse(status: .ok)), promise: nil)
        channel.write(HTTPResponsePart.body(ByteBuffer(repeating: 0x61, count: bytes)), promise: nil)
        channel.write(HTTPResponsePart.end(nil), promise: nil)
    }

    /// Pipelined answers left unread: the response that starts past the limit closes the
    /// connection; answers the client takes never do, however many.
    @Test func unreadAnswersPastTheLimitClose() throws {
        let reading = try channel()
        for _ in 0..<10 {
            respond(reading, bytes: 800)
            reading.flush()
            while try reading.readOutbound(as: HTTPResponsePart.self) != nil {}
        }
        #expect(reading.isActive)

        let unread = try channel()
        respond(unread, bytes: 800)
        respond(unread, bytes: 800)
        #expect(unread.isActive)  // 800 bytes wait: under the limit
        respond(unread, bytes: 800)
        #expect(!unread.isActive)  // 1,600 bytes waited when the third started
    }

    @Test func unwritableForTheTimeoutCloses() throws {
        let stalled = try channel()
        stalled.isWritable = false
        stalled.pipeline.fireChannelWritabilityChanged()
        stalled.embeddedEventLoop.advanceTime(by: .seconds(9))
        #expect(stalled.isActive)
        stalled.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!stalled.isActive)

        // Writable again in time: the clock stops.
        let recovering = try channel()
        recovering.isWritable = false
        recovering.pipeline.fireChannelWritabilityChanged()
        recovering.embeddedEventLoop.advanceTime(by: .seconds(9))
        recovering.isWritable = true
        recovering.pipeline.fireChannelWritabilityChanged()
        recovering.embeddedEventLoop.advanceTime(by: .seconds(60))
        #expect(recovering.isActive)
    }
}
