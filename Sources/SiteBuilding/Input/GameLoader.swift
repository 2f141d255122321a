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
    /// The fingerprint of the file's bytes, for the build cache (site builds only).
    var fileFingerprint: Fingerprint? = nil
    /// With it: the fingerprint of the game as parsed, notes left out.
    var parseFingerprint: Fingerprint? = nil
    /// False when the build cache vouched for the file by its status alone.
    var wasRead = true
    /// The last build's catalog entry of this parse, when the cache kept it (`serve`'s record in
    /// memory): the derive stage takes it whole for the same file, so the game keeps its box.
    var entry: SiteGame? = nil
}

/// Reads and parses game files in parallel; every problem of every file is collected.
public enum GameLoader {
    public struct Outcome: Sendable {
        public var games: [LoadedGame] = []
        public var diagnostics: [Diagnostic] = []
    }

    /// With `keepingNotes: false` each game's notes are left out as soon as its file is parsed,
    /// and `LoadedGame.notesFile` reads them back: the site build needs them for one page each,
    /// and holding them all would be most of its memory.
    public static func load(
        _ files: [(path: String, url: URL)], limits: GameFileLimits = GameFileLimits(),
        keepingNotes: Bool = true
    ) async -> Outcome {
        await load(files.map { ($0.path, $0.url.path, nil) }, limits: limits, keepingNotes: keepingNotes, reusing: nil)
    }

    /// `reusing`: parses found before, by the fingerprint of the file's bytes (the build cache);
    /// non-nil makes every `LoadedGame` carry its fingerprint. Only without `keepingNotes`: the
    /// cached games have none. A file's `known` fingerprint and size, from a status unchanged
    /// since the cache was written, spare reading it when its parse is in the cache.
    static func load(
        _ files: [(path: String, location: String, known: (fileFingerprint: Fingerprint, size: Int)?)],
        limits: GameFileLimits, keepingNotes: Bool,
        reusing cache: [Fingerprint: CachedGame]?
    ) async -> Outcome {
        // Files the cache vouches for by their status need no reading: taken here, without a task
        // each (a rebuild of a big site has thousands of them and reads a handful).
        var results = [Result<LoadedGame, GameFileErrors>?](repeating: nil, count: files.count)
        var toRead: [Int] = []
        for (index, file) in files.enumerated() {
            if let known = file.known, let cached = cache?[known.fileFingerprint],
                let loaded = vouched(cached, location: file.location, path: file.path, known: known)
            {
                results[index] = .success(loaded)
            } else {
                toRead.append(index)
            }
        }
        results = await withTaskGroup(of: (Int, Result<LoadedGame, GameFileErrors>).self) { [results] group in
            var results = results
            // A few files per core in flight, not one task per file at once: ten thousand waiting
            // tasks, freed between the games parsed meanwhile, left a fragmented heap behind.
            var next = 0
            func addTask() {
                guard next < toRead.count else { return }
                let index = toRead[next]
                let file = files[index]
                next += 1
                group.addTask {
                    (
                        index,
                        load(
                            file.location, path: file.path, limits: limits, keepingNotes: keepingNotes, reusing: cache,
                            known: file.known)
                    )
                }
            }
            for _ in 0..<4 * ProcessInfo.processInfo.activeProcessorCount { addTask() }
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

    /// The cached parse of a file whose status vouches for its bytes; nil when it does not decode.
    static func vouched(
        _ cached: CachedGame, location: String, path: String, known: (fileFingerprint: Fingerprint, size: Int)
    ) -> LoadedGame? {
        guard let game = cached.game else { return nil }
        let notesFile = NotesFile(
            location: location, size: known.size, fingerprint: known.fileFingerprint, notesCount: cached.notesCount)
        return LoadedGame(
            path: path, game: game, notesFile: notesFile, fileFingerprint: known.fileFingerprint,
            parseFingerprint: cached.parseFingerprint, wasRead: false, entry: cached.entry)
    }

    /// The fingerprint of a parse, notes left out: the same for the same game, in any build.
    static func parseFingerprint(of game: Game) -> Fingerprint {
        var archive = ArchiveWriter()
        archive.game(game)
        return archive.bytes.withUnsafeBytes(Fingerprint.of)
    }

    public static func load(_ url: URL, path: String, limits: GameFileLimits = GameFileLimits()) -> Result<
        Game, GameFileErrors
    > {
        load(url.path, path: path, limits: limits, keepingNotes: true).map(\.game)
    }

    static func load(
        _ location: String, path: String, limits: GameFileLimits, keepingNotes: Bool,
        reusing cache: [Fingerprint: CachedGame]? = nil, known: (fileFingerprint: Fingerprint, size: Int)? = nil
    ) -> Result<LoadedGame, GameFileErrors> {
        if let known, let cached = cache?[known.fileFingerprint],
            let loaded = vouched(cached, location: location, path: path, known: known)
        {
            return .success(loaded)
        }
        // One stat call: URL resource values cost several.
        var info = stat()
        if stat(location, &info) == 0, case let size = Int(info.st_size), size > limits.maxFileSize {
            return GameFileParser.failure(path, limits.exceeded(.fileSize, size))
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: location, isDirectory: false))
        } catch {
            return .failure(
                GameFileErrors(diagnostics: [
                    Diagnostic(
                        path: path, location: SourceLocation(line: 1, column: 1),
                        message: "cannot read the file: \(fileErrorText(error))", hint: readRemedy(error))
                ]))
        }
        // Without notes the fingerprint checks the file when they are read back.
        let fingerprint = keepingNotes ? nil : data.withUnsafeBytes(Fingerprint.of)
        let bytes = cache == nil ? nil : fingerprint
        if let bytes, let cached = cache?[bytes], let game = cached.game {
            let notesFile = NotesFile(
                location: location, size: data.count, fingerprint: bytes, notesCount: cached.notesCount)
            return .success(
                LoadedGame(
                    path: path, game: game, notesFile: notesFile, fileFingerprint: bytes,
                    parseFingerprint: cached.parseFingerprint, entry: cached.entry))
        }
        return data.withUnsafeBytes { GameFileParser.parse(bytes: $0, path: path, limits: limits) }.map { game in
            guard let fingerprint else { return LoadedGame(path: path, game: game) }
            var game = game
            let notesFile = NotesFile(location: location, contents: data, fingerprint: fingerprint, notes: game.notes)
            game.notes = ""
            return LoadedGame(
                path: path, game: game, notesFile: notesFile, fileFingerprint: bytes,
                parseFingerprint: bytes.map { _ in parseFingerprint(of: game) })
        }
    }
}
