public import Foundation
public import GameFileParsing

/// Where a game's notes are when the loader left them out (`GameLoader.load(_:keepingNotes:)`):
/// its file, and what that file held when it was parsed.
public struct NotesFile: Sendable, Hashable {
    public var url: URL
    /// The file's size and a hash of its bytes when parsed. `Hasher` is seeded per process,
    /// which is fine: both reads happen in the same run.
    var size: Int
    var digest: Int

    init(url: URL, contents: Data) {
        self.url = url
        size = contents.count
        digest = Self.digest(contents)
    }

    /// The notes read back from the file, as the parser put them in `Game.notes`. A file that is
    /// no longer the one parsed is an error naming it: the build must not mix two versions of it.
    public func read(path: String) -> Result<String, Diagnostic> {
        func failure(_ message: String) -> Result<String, Diagnostic> {
            .failure(Diagnostic(path: path, location: SourceLocation(line: 1, column: 1), message: message))
        }
        let changed = "the file changed while the site was being built; build again"
        // Checked before reading, so a file replaced by a huge one is not read whole.
        if let now = (try? url.resourceValues(forKeys: [.fileSizeKey]))?.fileSize, now != size { return failure(changed) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return failure("cannot read the file again for its notes: \(error.localizedDescription); build again")
        }
        // Same bytes as parsed, so they are valid UTF-8 with a front matter.
        guard data.count == size, Self.digest(data) == digest,
              let notes = GameFileParser.notes(String(decoding: data, as: UTF8.self)) else { return failure(changed) }
        return .success(notes)
    }

    static func digest(_ data: Data) -> Int {
        var hasher = Hasher()
        // All the bytes: `Data`'s own hash reads only the first few.
        data.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }
}
