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
