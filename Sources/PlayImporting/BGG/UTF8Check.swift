import Foundation
import GameDomain

/// BGG's pages are UTF-8, and only UTF-8 is read: FoundationXML crashes on a processing
/// instruction that is not valid UTF-8, and on one without data (`<?x?>`, which libxml2 passes
/// on as a null pointer), both found by the fuzzer (`FuzzRegressions/`). So the bytes are
/// checked first, streamed like the parse itself.
enum UTF8Check {
    /// The first byte that is not blank or a byte-order mark: `<` for XML, `{` or `[` for JSON.
    /// Tells an importer given the other one's file, so its error can name the right command.
    static func firstSignificantByte(_ bytes: some Sequence<UInt8>) -> UInt8? {
        bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
    }

    enum Problem: Equatable {
        case notUTF8(SourceLocation)
        case emptyInstruction(SourceLocation)
    }

    /// The first byte that is not UTF-8 or processing instruction without data, and where it
    /// starts (lines end at LF), or nil.
    static func firstProblem<Bytes: IteratorProtocol<UInt8>>(_ bytes: Bytes) -> Problem? {
        var iterator = bytes
        var parser = Unicode.UTF8.ForwardParser()
        var line = 1
        var column = 1
        var instruction = InstructionScan()
        var start = SourceLocation(line: 1, column: 1)
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let byte = encoded.count == 1 ? encoded.first : nil
                if byte == UInt8(ascii: "<") { start = SourceLocation(line: line, column: column) }
                if instruction.ends(with: byte) { return .emptyInstruction(start) }
                if encoded.count == 1 && encoded.first == UInt8(ascii: "\n") {
                    (line, column) = (line + 1, 1)
                } else {
                    column += 1
                }
            case .error: return .notUTF8(SourceLocation(line: line, column: column))
            case .emptyInput: return nil
            }
        }
    }

    /// Finds `<?` + a name + blanks + `?>`, one scalar at a time (nil for a non-ASCII one).
    struct InstructionScan {
        enum State { case idle, open, name, blanks, question }
        var state = State.idle

        mutating func ends(with byte: UInt8?) -> Bool {
            let blank =
                byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
            if byte == UInt8(ascii: "<") {
                state = .open
                return false
            }
            switch state {
            case .idle: break
            case .open: state = byte == UInt8(ascii: "?") ? .name : .idle
            case .name: state = byte == UInt8(ascii: "?") ? .question : blank ? .blanks : .name
            case .blanks: state = byte == UInt8(ascii: "?") ? .question : blank ? .blanks : .idle
            case .question:
                state = .idle
                return byte == UInt8(ascii: ">")
            }
            return false
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

    static func diagnostic(_ problem: Problem, path: String) -> Diagnostic {
        switch problem {
        case .notUTF8(let location):
            Diagnostic(
                path: path, location: location, message: "this byte is not UTF-8 text, which BoardGameGeek's pages are",
                hint: "save the page again from the XML API, as UTF-8")
        case .emptyInstruction(let location):
            Diagnostic(
                path: path, location: location,
                message: "a processing instruction without data (`<?name?>`), which BoardGameGeek's pages never hold",
                hint: "save the page again from the XML API")
        }
    }
}
