import Foundation
import GameDomain

/// BGG's pages are UTF-8, and only UTF-8 is read: FoundationXML crashes on a processing
/// instruction that is not valid UTF-8 (found by the fuzzer, `FuzzRegressions/`), so the bytes
/// are checked first, streamed like the parse itself.
enum UTF8Check {
    /// Where the first byte that is not UTF-8 stands (lines end at LF), or nil.
    static func firstInvalid<Bytes: IteratorProtocol<UInt8>>(_ bytes: Bytes) -> SourceLocation? {
        var iterator = bytes
        var parser = Unicode.UTF8.ForwardParser()
        var line = 1, column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1 && encoded.first == UInt8(ascii: "\n") {
                    (line, column) = (line + 1, 1)
                } else {
                    column += 1
                }
            case .error: return SourceLocation(line: line, column: column)
            case .emptyInput: return nil
            }
        }
    }

    /// A file's bytes, read 1 MB at a time.
    struct FileBytes: IteratorProtocol {
        let handle: FileHandle
        var chunk = Data()
        var index = 0

        mutating func next() -> UInt8? {
            if index == chunk.count {
                chunk = (try? handle.read(upToCount: 1 << 20)) ?? Data()
                index = 0
                if chunk.isEmpty { return nil }
            }
            defer { index += 1 }
            return chunk[chunk.startIndex + index]
        }
    }

    static func diagnostic(at location: SourceLocation, path: String) -> Diagnostic {
        Diagnostic(path: path, location: location, message: "this byte is not UTF-8 text, which BoardGameGeek's pages are",
                   hint: "save the page again from the XML API, as UTF-8")
    }
}
