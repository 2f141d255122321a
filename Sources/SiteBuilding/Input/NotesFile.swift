public import Foundation
public import GameDomain
import GameFileParsing

/// Where a game's notes are when the loader left them out (`GameLoader.load(_:keepingNotes:)`):
/// its file, and what that file held when it was parsed.
public struct NotesFile: Sendable, Hashable {
    /// The file's path: a URL is made only to read it back.
    var location: String
    public var url: URL { URL(fileURLWithPath: location, isDirectory: false) }
    /// The file's size and fingerprint when parsed.
    var size: Int
    var fingerprint: Fingerprint
    /// The notes' length when they are the file's last bytes verbatim (lines ending in LF, the
    /// usual case): then reading them back needs no second split of the file.
    var notesCount: Int?

    init(location: String, contents: Data, fingerprint: Fingerprint, notes: String) {
        self.location = location
        size = contents.count
        self.fingerprint = fingerprint
        let count = notes.utf8.count
        // `Data` equality compares memory; `elementsEqual` walked the bytes one by one.
        notesCount = contents.suffix(count) == Data(notes.utf8) ? count : nil
    }

    /// A file whose parse came from the build cache: `notesCount` as that parse found it.
    init(location: String, size: Int, fingerprint: Fingerprint, notesCount: Int?) {
        self.location = location
        self.size = size
        self.fingerprint = fingerprint
        self.notesCount = notesCount
    }

    /// The notes read back from the file, as the parser put them in `Game.notes`. A file that is
    /// no longer the one parsed is an error naming it: the build must not mix two versions of it.
    public func read(path: String) -> Result<String, Diagnostic> {
        func failure(_ message: String) -> Result<String, Diagnostic> {
            .failure(Diagnostic(path: path, location: SourceLocation(line: 1, column: 1), message: message))
        }
        let changed = "the file changed while the site was being built; build again"
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            // One byte past the parsed size tells a grown file without reading all of it.
            data = try handle.read(upToCount: size + 1) ?? Data()
        } catch {
            return failure("cannot read the file again for its notes: \(fileErrorText(error)); build again")
        }
        guard data.count == size, data.withUnsafeBytes(Fingerprint.of) == fingerprint else { return failure(changed) }
        // The bytes parsed, so they are valid UTF-8 with a front matter.
        let notes =
            if let notesCount { String(decoding: data.suffix(notesCount), as: UTF8.self) } else {
                GameFileParser.notes(String(decoding: data, as: UTF8.self))
            }
        guard let notes else { return failure(changed) }
        return .success(notes)
    }
}

/// Where the scorecards' notes are read back, by game slug, with the paths messages name them by.
/// A game's path and its file's location are its relative path after its folder's (the same for
/// every game not reached through a link), so only the relative path is kept, and it is the
/// catalog's own: two more paths per game were a twentieth of a build's memory.
struct NotesFiles: Sendable {
    /// The folder's path as messages show it (`examples/`) and its location, from the first game.
    private var folder: (path: String, location: String)?
    /// Each file with its relative path where its location goes.
    private var files: [String: NotesFile]
    /// The path and location of a file whose are not the folder's followed by its relative path.
    private var own: [String: (path: String, location: String)] = [:]

    init(minimumCapacity: Int = 0) {
        files = Dictionary(minimumCapacity: minimumCapacity)
    }

    var count: Int { files.count }

    /// Keeps the first file given for a slug.
    mutating func add(slug: String, path: String, relativePath: String, file: NotesFile) {
        guard files[slug] == nil else { return }
        if folder == nil, let path = Self.folder(of: path, before: relativePath),
            let location = Self.folder(of: file.location, before: relativePath)
        {
            folder = (path, location)
        }
        let shared = folder.map {
            Self.joins($0.path, relativePath, into: path) && Self.joins($0.location, relativePath, into: file.location)
        }
        var kept = file
        kept.location = relativePath
        files[slug] = kept
        if shared != true { own[slug] = (path, file.location) }
    }

    /// `whole` without `relativePath` at its end, when it ends so.
    private static func folder(of whole: String, before relativePath: String) -> String? {
        let count = whole.utf8.count - relativePath.utf8.count
        guard count >= 0, whole.utf8.dropFirst(count).elementsEqual(relativePath.utf8) else { return nil }
        return String(decoding: whole.utf8.prefix(count), as: UTF8.self)
    }

    private static func joins(_ folder: String, _ relativePath: String, into whole: String) -> Bool {
        whole.utf8.count == folder.utf8.count + relativePath.utf8.count && whole.utf8.starts(with: folder.utf8)
            && whole.utf8.dropFirst(folder.utf8.count).elementsEqual(relativePath.utf8)
    }

    subscript(slug: String) -> (path: String, file: NotesFile)? {
        guard var file = files[slug] else { return nil }
        if let own = own[slug] {
            file.location = own.location
            return (own.path, file)
        }
        guard let folder else { return nil }
        let relativePath = file.location
        file.location = folder.location + relativePath
        return (folder.path + relativePath, file)
    }
}
