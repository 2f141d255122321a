import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plain TCP connection to 127.0.0.1: requests go out byte for byte as written (no client
/// library normalizes `..` or encodings away). Blocking; use it through `offPool`.
final class RawConnection: @unchecked Sendable {
    private let descriptor: Int32

    /// `receiveBuffer` shrinks the socket's receive buffer (a client that reads slowly).
    init?(port: Int, receiveBuffer: Int32? = nil) {
        #if canImport(Glibc)
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        guard descriptor >= 0 else { return nil }
        // A send that blocks (a server that stopped reading) gives up instead of hanging the test.
        var limit = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
    }

    deinit { close(descriptor) }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let sent = bytes[done...].withUnsafeBytes { sendBytes(descriptor, $0.baseAddress, $0.count) }
            guard sent > 0 else { return false }
            done += sent
        }
        return true
    }

    /// The next bytes, or nil at the end of the stream or after `seconds` without any.
    func receive(seconds: Double) -> [UInt8]? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(seconds * 1000)) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Array(buffer[..<count])
    }

    /// Everything until the server closes the connection (or `seconds` pass with nothing).
    func receiveAll(seconds: Double = 60) -> [UInt8] {
        var all: [UInt8] = []
        while let more = receive(seconds: seconds) { all += more }
        return all
    }

    /// Whether the server closed the connection within `seconds` (whatever it sent first is
    /// read and dropped).
    func isClosed(within seconds: Double) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let left = end.timeIntervalSinceNow
            guard left > 0, poll(&poller, 1, Int32(left * 1000)) > 0 else { return false }
            if buffer.withUnsafeMutableBytes({ recv(descriptor, $0.baseAddress, $0.count, 0) }) <= 0 { return true }
        }
    }

    /// Whether the server closed or reset the connection within `seconds`, found without
    /// reading what it sent (a client that does not read).
    func hasHungUp(within seconds: Double) -> Bool {
        #if canImport(Glibc)
            let hangUp = Int16(POLLHUP | POLLERR) | 0x2000  // POLLRDHUP: the peer closed; Glibc does not export it
        #else
            let hangUp = Int16(POLLHUP | POLLERR)
        #endif
        let end = Date().addingTimeInterval(seconds)
        while end.timeIntervalSinceNow > 0 {
            var poller = pollfd(fd: descriptor, events: hangUp, revents: 0)
            if poll(&poller, 1, 200) > 0 && poller.revents & hangUp != 0 { return true }
        }
        return false
    }

    /// The next Server-Sent Event (its `event` and `data` fields), skipping comments; nil after
    /// `seconds` without one. The response's head is skipped and its chunks (a stream has no
    /// length) are joined.
    func nextEvent(seconds: Double = 120) -> (event: String, data: String)? {
        let end = Date().addingTimeInterval(seconds)
        while true {
            while let range = stream.body.firstRange(of: [10, 10]) {
                let frame = String(decoding: stream.body[..<range.lowerBound], as: UTF8.self)
                stream.body.removeSubrange(..<range.upperBound)
                if frame.hasPrefix(":") { continue }
                var event = "message"
                var data = ""
                for line in frame.split(separator: "\n") {
                    if line.hasPrefix("event: ") { event = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
                }
                return (event, data)
            }
            let left = end.timeIntervalSinceNow
            guard left > 0, let more = receive(seconds: left) else { return nil }
            stream.take(more)
        }
    }

    private var stream = ChunkedBody()
}

/// A response body sent in chunks, joined as its bytes arrive; the head is dropped.
struct ChunkedBody {
    private var raw: [UInt8] = []
    private var isInBody = false
    var body: [UInt8] = []

    mutating func take(_ bytes: [UInt8]) {
        raw += bytes
        if !isInBody {
            guard let head = raw.firstRange(of: Array("\r\n\r\n".utf8)) else { return }
            raw.removeSubrange(..<head.upperBound)
            isInBody = true
        }
        // Each chunk: its size in hex, CRLF, the bytes, CRLF.
        while let line = raw.firstRange(of: [13, 10]),
            let size = Int(String(decoding: raw[..<line.lowerBound], as: UTF8.self), radix: 16),
            raw.count >= line.upperBound + size + 2
        {
            body += raw[line.upperBound..<line.upperBound + size]
            raw.removeSubrange(..<(line.upperBound + size + 2))
        }
    }
}

/// `send` without SIGPIPE when the server has closed the connection.
private func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
    #else
        Darwin.send(descriptor, bytes, count, 0)
    #endif
}

struct RawResponse: Sendable {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }

    /// Parses a whole HTTP/1.1 response; status 0 when there was none (connection closed).
    init(_ bytes: [UInt8]) {
        guard let split = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else {
            self.status = 0
            self.headers = [:]
            self.body = []
            return
        }
        let head = String(decoding: bytes[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        status = head.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        self.headers = headers
        body = Array(bytes[split.upperBound...])
    }
}

/// Runs blocking work on a thread of its own, so the server's and the build's tasks keep the
/// cooperative pool.
func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: work()) }
    }
}

/// One request written as is, `Connection: close` added; the whole response.
func rawRequest(port: Int, _ head: String) async -> RawResponse {
    await offPool {
        guard let connection = RawConnection(port: port) else { return RawResponse([]) }
        connection.send(head + "Connection: close\r\n\r\n")
        return RawResponse(connection.receiveAll())
    }
}

func get(port: Int, _ target: String, method: String = "GET") async -> RawResponse {
    await rawRequest(port: port, "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n")
}
