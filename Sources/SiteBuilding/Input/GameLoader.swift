public import Foundation
public import GameDomain
public import GameFileParsing

/// A parsed game file.
public struct LoadedGame: Sendable, Hashable {
    /// The path as shown in messages and in `score --json`.
    public var path: String
    public var game: Game
    /// Where the notes are when `load(_:keepingNotes: false)` left them out of `game`.
    public var notesFile: NotesFile? = nil
}

/// Reads and parses game files in parallel; every problem of every file is collected.
public enum GameLoader {
    public struct Outcome: Sendable {
        public var games: [LoadedGame] = []
        public var diagnostics: [Diagnostic] = []
    }

    /// Files larger than this are rejected before they are read.
    public static let defaultSizeLimit = 1_000_000

    /// With `keepingNotes: false` each game's notes are left out as soon as its file is parsed,
    /// and `LoadedGame.notesFile` reads them back: the site build needs them for one page each,
    /// and holding them all would be most of its memory.
    public static func load(
        _ files: [(path: String, url: URL)], sizeLimit: Int = defaultSizeLimit, limits: GameFileLimits = GameFileLimits(),
        keepingNotes: Bool = true
    ) async -> Outcome {
        let results = await withTaskGroup(of: (Int, Result<LoadedGame, GameFileErrors>).self) { group in
            // A few files per core in flight, not one task per file at once: ten thousand waiting
            // tasks, freed between the games parsed meanwhile, left a fragmented heap behind.
            var next = 0
            func addTask() {
                guard next < files.count else { return }
                let (index, file) = (next, files[next])
                next += 1
                group.addTask { (index, load(file.url, path: file.path, sizeLimit: sizeLimit, limits: limits, keepingNotes: keepingNotes)) }
            }
            for _ in 0..<4 * ProcessInfo.processInfo.activeProcessorCount { addTask() }
            var results = [Result<LoadedGame, GameFileErrors>?](repeating: nil, count: files.count)
            for await (index, result) in group {
                results[index] = result
                addTask()
            }
            return results
        }
        var outcome = Outcome()
        // Exactly as many as there are files: the games stay in memory for the whole build.
        outcome.games.reserveCapacity(results.count)
        for result in results {
            switch result {
            case .success(let loaded): outcome.games.append(loaded)
            case .failure(let errors): outcome.diagnostics += errors.diagnostics
            case nil: break
            }
        }
        return outcome
    }

    public static func load(
        _ url: URL, path: String, sizeLimit: Int = defaultSizeLimit, limits: GameFileLimits = GameFileLimits()
    ) -> Result<Game, GameFileErrors> {
        load(url, path: path, sizeLimit: sizeLimit, limits: limits, keepingNotes: true).map(\.game)
    }

    static func load(
        _ url: URL, path: String, sizeLimit: Int, limits: GameFileLimits, keepingNotes: Bool
    ) -> Result<LoadedGame, GameFileErrors> {
        // One stat call: URL resource values cost a twentieth of a site build.
        var info = stat()
        if stat(url.path, &info) == 0, case let size = Int(info.st_size), size > sizeLimit {
            return failure(path, "the file is \(size) bytes, over the limit of \(sizeLimit) bytes; split it or raise the limit with --max-file-size")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return failure(path, "cannot read the file: \(error.localizedDescription)")
        }
        return parse(data, path: path, sizeLimit: sizeLimit, limits: limits).map { game in
            guard !keepingNotes else { return LoadedGame(path: path, game: game) }
            var game = game
            let notesFile = NotesFile(url: url, contents: data, notes: game.notes)
            game.notes = ""
            return LoadedGame(path: path, game: game, notesFile: notesFile)
        }
    }

    /// A game file's bytes to a game: the size limit, the UTF-8 check, then the parser.
    /// Public so the fuzzer (Fuzz/) drives exactly the path a file read from disk takes.
    public static func parse(
        _ data: Data, path: String, sizeLimit: Int = defaultSizeLimit, limits: GameFileLimits = GameFileLimits()
    ) -> Result<Game, GameFileErrors> {
        guard data.count <= sizeLimit else {
            return failure(path, "the file is \(data.count) bytes, over the limit of \(sizeLimit) bytes; split it or raise the limit with --max-file-size")
        }
        switch decodeUTF8(data) {
        case .success(let text): return GameFileParser.parse(text, path: path, limits: limits)
        case .failure(let bad):
            return failure(path, "the file is not valid UTF-8 (byte \(bad.offset) is 0x\(String(bad.byte, radix: 16, uppercase: true))); save it as UTF-8", at: bad.location)
        }
    }

    private static func failure<Value>(
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
    static func decodeUTF8(_ data: Data) -> Result<String, InvalidUTF8> {
        // Valid files, nearly all, take the standard library's fast check; only a bad one is
        // walked scalar by scalar to tell where the bad byte stands.
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *),
           let text = data.withUnsafeBytes({ String(validating: $0.assumingMemoryBound(to: UInt8.self), as: UTF8.self) }) {
            return .success(text)
        }
        let bytes = [UInt8](data)
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0, line = 1, column = 1
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
                return .failure(InvalidUTF8(offset: offset, byte: offset < bytes.count ? bytes[offset] : 0,
                                            location: SourceLocation(line: line, column: column)))
            case .emptyInput:
                return .success(String(decoding: bytes, as: UTF8.self))
            }
        }
    }
}
