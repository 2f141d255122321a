import GameDomain
import Testing

@testable import SiteBuilding

/// `NotesFiles` keeps a game's relative path alone where its path and location are its folder's
/// followed by it, and both whole otherwise (a file reached through a link, or named directly):
/// whatever was added comes back the same.
@Suite("Where the scorecards' notes are read back")
struct NotesFilesTests {
    @Test func everyFileComesBackAsAdded() {
        var random = SplitMix64(seed: 40)
        let folders = [("", "/srv/games/"), ("examples/", "/home/ann/examples/"), ("a/b/", "/a/b/")]
        let names = ["x.md", "2015/night-1.md", "日本/将棋.md", "deep/er/one-scores.md"]
        for _ in 0..<200 {
            let folder = folders[Int(random.next() % 3)]
            var files = NotesFiles()
            var added: [String: (path: String, file: NotesFile)] = [:]
            for index in 0..<Int(random.next() % 8) {
                let relative = names[Int(random.next() % 4)] + "\(index)"
                var path = folder.0 + relative
                var location = folder.1 + relative
                switch random.next() % 6 {
                case 0: location = "/elsewhere/linked/" + relative  // reached through a link
                case 1: path = relative + ".named"  // named directly
                case 2: location = relative  // a location shorter than its folder's
                default: break
                }
                let file = NotesFile(
                    location: location, size: Int(random.next() % 1000),
                    fingerprint: Fingerprint(high: random.next(), low: random.next()),
                    notesCount: random.next() % 2 == 0 ? nil : 7)
                let slug = "game-\(random.next() % 6)"
                files.add(slug: slug, path: path, relativePath: relative, file: file)
                if added[slug] == nil { added[slug] = (path, file) }
            }
            #expect(files.count == added.count)
            for (slug, expected) in added {
                let kept = files[slug]
                #expect(kept?.path == expected.path && kept?.file == expected.file, "\(slug) in \(folder)")
            }
            #expect(files["no such game"] == nil)
        }
    }
}
