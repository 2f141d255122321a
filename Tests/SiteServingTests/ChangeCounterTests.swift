import Foundation
import TestSupport
import Testing

@testable import SiteServing

/// When a burst of changes may be built without waiting out the quiet period.
@Suite struct ChangeCounterTests {
    @Test func aFileWrittenWholeSettlesUnlessAnotherIsStillOpen() {
        let counter = ChangeCounter()
        #expect(!counter.isSettled)
        counter.record("/g/a.md", .writing)
        #expect(!counter.isSettled)
        counter.record("/g/a.md", .closed)
        #expect(counter.isSettled)
        counter.record("/g/b.md", .writing)
        counter.record("/g/a.md", .closed)
        #expect(!counter.isSettled, "b.md is still open")
        counter.record("/g/b.md", .closed)
        #expect(counter.isSettled)
        counter.record("/g/a.md", .other)
        #expect(!counter.isSettled)
        #expect(counter.beginBuild().count == 6)
    }

    /// What lets `serve` list only the files that changed; a change it cannot pin down (a
    /// folder, a lost event) means listing everything.
    @Test func aBuildTakesThePathsChangedSinceTheLastOneBegan() {
        let counter = ChangeCounter()
        counter.record("/g/a.md", .writing)
        counter.record("/g/a.md", .closed)
        counter.record("/g/b.md", .removed)
        #expect(counter.beginBuild().changed == ["/g/a.md", "/g/a.md", "/g/b.md"])
        #expect(counter.beginBuild().changed == [])
        counter.record("/g/c.md", .created)
        counter.record("/g/night", .other)
        counter.record("/g/d.md", .closed)
        #expect(counter.beginBuild().changed == nil)
        for number in 0...1_000 { counter.record("/g/\(number).md", .closed) }
        #expect(counter.beginBuild().changed == nil, "too many to be worth it")
        counter.record("/g/a.md", .closed)
        #expect(counter.beginBuild().changed == ["/g/a.md"])
    }

    /// Emacs and vim save by renaming the file to a backup name, then writing a new one.
    @Test func aFileRenamedAwayHoldsBackUntilItIsBack() {
        let counter = ChangeCounter()
        counter.record("/g/a.md", .removed)
        counter.record("/g/a.md~", .closed)
        #expect(!counter.isSettled, "a.md is missing, and a backup name settles nothing")
        counter.record("/g/a.md", .writing)
        counter.record("/g/a.md", .closed)
        #expect(counter.isSettled)
        // vim's probe file comes and goes; a temporary file closed and left holds nothing back.
        counter.record("/g/4913", .writing)
        counter.record("/g/4913", .removed)
        counter.record("/g/sed4Fq2", .writing)
        counter.record("/g/sed4Fq2", .closed)
        counter.record("/g/a.md", .closed)
        #expect(counter.isSettled)
        // A file linked into place (as `gamenight import` writes) is never closed: it holds nothing back.
        counter.record("/g/c.md", .created)
        counter.record("/g/a.md", .closed)
        #expect(counter.isSettled)
        // A game deleted for good holds back only until the next build has seen it go.
        counter.record("/g/b.md", .removed)
        counter.record("/g/a.md", .closed)
        #expect(!counter.isSettled)
        _ = counter.beginBuild()
        counter.record("/g/a.md", .closed)
        #expect(counter.isSettled)
    }

    #if os(Linux)
        /// Waits for the watcher to report something more than `count` changes: each report is
        /// counted, then wakes the stream.
        static func changes(after count: Int, _ counter: ChangeCounter, _ wakes: inout AsyncStream<Void>.Iterator) async
            -> Bool
        {
            while counter.value <= count {
                guard await wakes.next() != nil else { return false }
            }
            return true
        }

        /// The real watcher, with no fixed wait (the time limit only stops a hang).
        @Test(.timeLimit(.minutes(1))) func inotifyTellsAWriteUnderWayFromAFinishedOne() async throws {
            let scratch = try TemporaryFolder("settle")
            let folder = scratch.url
            let root = try #require(SiteFiles.realPath(folder.path))
            let counter = ChangeCounter()
            let changes = FileWatcher.changes(of: WatchedInputs(roots: [root], ignored: []), counter: counter)
            var wakes = changes.makeAsyncIterator()

            let file = root + "/game.md"
            #expect(FileManager.default.createFile(atPath: file, contents: nil))
            #expect(await Self.changes(after: 0, counter, &wakes))
            let handle = try #require(FileHandle(forWritingAtPath: file))
            var seen = counter.value
            handle.write(Data("title: half".utf8))
            #expect(await Self.changes(after: seen, counter, &wakes))
            #expect(!counter.isSettled, "the file is still open for writing")
            seen = counter.value
            try handle.close()
            #expect(await Self.changes(after: seen, counter, &wakes))
            #expect(counter.isSettled)

            // An editor's save: a hidden file renamed over the game.
            seen = counter.value
            #expect(FileManager.default.createFile(atPath: root + "/.game.md.swp", contents: Data("title: whole".utf8)))
            #expect(rename(root + "/.game.md.swp", file) == 0)
            #expect(await Self.changes(after: seen, counter, &wakes))
            #expect(counter.isSettled)

            seen = counter.value
            #expect(unlink(file) == 0)
            #expect(await Self.changes(after: seen, counter, &wakes))
            #expect(!counter.isSettled, "a deleted game may be about to come back")
        }
    #endif
}
