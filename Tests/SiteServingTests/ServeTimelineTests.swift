import SnapshotKit
import Testing

@testable import SiteServing

/// `serve`'s stream, from the watcher's reports to what an open page receives, on virtual time
/// (`ServeTimeline`): each scenario is a timeline snapshot, the same on any machine, with no
/// real sleep. Builds take 200 ms; the first starts at 0 and the page opens on its result.
@Suite struct ServeTimelineTests {
    @available(macOS 15.0, *)
    @Test(
        "A save written in place is built 30 ms after its first write, and the page reloads; a hidden swap file is ignored"
    )
    func aSaveReloadsThePage() {
        let serve = ServeTimeline()
        let events = serve.record(
            for: .seconds(2),
            inputs: [
                [serve.change(".catan.md.swp", .writing, at: .milliseconds(900))],
                serve.save("catan.md", at: .seconds(1)),
            ])
        assertSnapshot(of: events, as: .timeline, named: "save")
    }

    @available(macOS 15.0, *)
    @Test(
        "Changes a watcher cannot tell apart (polling, FSEvents) 20 ms apart make one build and one reload, after a wait of 30 ms that sees none"
    )
    func changesInsideTheQuietPeriodMakeOneBuild() {
        let serve = ServeTimeline()
        let events = serve.record(
            for: .seconds(2),
            inputs: [
                [serve.change("catan.md", .other, at: .milliseconds(1000))],
                [serve.change("hearts.md", .other, at: .milliseconds(1020))],
                [serve.change("catan.md", .other, at: .milliseconds(1040))],
            ])
        assertSnapshot(of: events, as: .timeline, named: "quiet-period")
    }

    @available(macOS 15.0, *)
    @Test("Saves during a build make one more build after it, and each build reloads the page")
    func savesDuringABuildMakeOneMoreBuild() {
        let serve = ServeTimeline()
        let events = serve.record(
            for: .seconds(2),
            inputs: [
                serve.save("catan.md", at: .seconds(1)),
                serve.save("hearts.md", at: .milliseconds(1100)),
                serve.save("catan.md", at: .milliseconds(1150)),
            ])
        assertSnapshot(of: events, as: .timeline, named: "save-during-build")
    }

    @available(macOS 15.0, *)
    @Test("A build that fails because a save came while it read the file shows nothing: the build after it speaks")
    func aFailureASaveSupersedesIsNotShown() {
        let serve = ServeTimeline()
        let events = serve.record(
            for: .seconds(2),
            inputs: [
                serve.save("catan.md", at: .seconds(1)),
                serve.save("catan.md", at: .milliseconds(1100), .changesWhileRead),
            ])
        assertSnapshot(of: events, as: .timeline, named: "superseded-failure")
    }

    @available(macOS 15.0, *)
    @Test("A broken save sends the page its errors and no reload; the fix reloads it")
    func aBrokenSaveShowsItsErrorsThenTheFixReloads() {
        let serve = ServeTimeline()
        let events = serve.record(
            for: .seconds(3),
            inputs: [
                serve.save("catan.md", at: .seconds(1), .breaks),
                serve.save("catan.md", at: .seconds(2), .fixes),
            ])
        assertSnapshot(of: events, as: .timeline, named: "error-then-fix")
    }

    @available(macOS 15.0, *)
    @Test("When the first build fails, a page opened then gets the errors at once, and the first good build reloads it")
    func aFailedFirstBuildShowsItsErrorsAtOnce() {
        let serve = ServeTimeline(broken: ["catan.md"])
        let events = serve.record(for: .seconds(2), inputs: [serve.save("catan.md", at: .seconds(1), .fixes)])
        assertSnapshot(of: events, as: .timeline, named: "first-build-fails")
    }

    @available(macOS 15.0, *)
    @Test("A save during the first build, which starts before the loop, makes the first rebuild")
    func aSaveDuringTheFirstBuildIsBuiltAfterIt() {
        let serve = ServeTimeline()
        let events = serve.record(for: .seconds(1), inputs: [serve.save("catan.md", at: .milliseconds(100))])
        assertSnapshot(of: events, as: .timeline, named: "save-during-first-build")
    }
}
