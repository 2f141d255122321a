public import GameDomain

/// The first step of every game file, from disk or from the fuzzer: bytes to text to a game.
extension GameFileParser {
    /// A game file's bytes to a game: the size limit, the UTF-8 check, then `parse(_:path:limits:)`.
    public static func parse(bytes: UnsafeRawBufferPointer, path: String, limits: GameFileLimits = GameFileLimits())
        -> Result<Game, GameFileErrors>
    {
        guard bytes.count <= limits.maxFileSize else {
            return failure(path, limits.exceeded(.fileSize, bytes.count))
        }
        switch decodeUTF8(bytes) {
        case .success(let text): return parse(text, path: path, limits: limits)
        case .failure(let bad):
            return failure(
                path,
                "the file is not valid UTF-8 (byte \(bad.offset) is 0x\(String(bad.byte, radix: 16, uppercase: true))); save it as UTF-8",
                at: bad.location)
        }
    }

    /// A file-level error, at the file's start unless it has a better place.
    public static func failure<Value>(
        _ path: String, _ message: String, at location: SourceLocation = SourceLocation(line: 1, column: 1)
    ) -> Result<Value, GameFileErrors> {
        .failure(GameFileErrors(diagnostics: [Diagnostic(path: path, location: location, message: message)]))
    }

    struct InvalidUTF8: Error {
        var offset: Int
        var byte: UInt8
        var location: SourceLocation
    }

    /// The text, or where the first byte that is not UTF-8 stands.
    static func decodeUTF8(_ bytes: UnsafeRawBufferPointer) -> Result<String, InvalidUTF8> {
        // Valid files, nearly all, take the standard library's fast check; only a bad one is
        // walked scalar by scalar to tell where the bad byte stands.
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *),
            let text = String(validating: bytes, as: UTF8.self)
        {
            return .success(text)
        }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        var column = 1
        var previous: UInt32 = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                // Lines end where the parser's do: LF, CRLF, a lone CR, NEL, LS or PS.
                let scalar = Unicode.UTF8.decode(encoded).value
                if scalar == 0x0A, previous == 0x0D {
                    column = 0
                } else if [0x0A, 0x0D, 0x85, 0x2028, 0x2029].contains(scalar) {
                    line += 1
                    column = 0
                }
                previous = scalar
                offset += encoded.count
                column += 1
            case .error:
                return .failure(
                    InvalidUTF8(
                        offset: offset, byte: offset < bytes.count ? bytes[offset] : 0,
                        location: SourceLocation(line: line, column: column)))
            case .emptyInput:
                return .success(String(decoding: bytes, as: UTF8.self))
            }
        }
    }
}
