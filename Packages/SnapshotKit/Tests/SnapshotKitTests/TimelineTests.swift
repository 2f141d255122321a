import Testing

@testable import SnapshotKitCore

@Suite struct TimelineTests {
    @Test(arguments: [
        (10.0, "10"), (0.1, "0.1"), (0.30000000000000004, "0.30000000000000004"),
        (-2.0, "-2"), (1e20, "1e+20"), (-0.0, "-0.0"),
    ])
    func doubles(time: Double, printed: String) {
        #expect(TimelineEvent(time, "x").time == printed)
    }

    @Test(arguments: [
        (Duration.seconds(2), "2s"), (.milliseconds(1500), "1.5s"), (.nanoseconds(1), "0.000000001s"),
        (.milliseconds(-250), "-0.25s"), (.zero, "0s"),
    ])
    func durations(time: Duration, printed: String) {
        #expect(TimelineEvent(time, "x").time == printed)
    }

    @Test func differentTimesNeverPrintTheSame() {
        let times = [1.0, 1.0.nextUp, 1.0.nextDown, 0.1, 0.1.nextUp, 1e15, 1e15 + 0.125]
        let printed = Set(times.map { TimelineEvent($0, "x").time })
        #expect(printed.count == times.count)
    }

    @Test func integersPrintExactly() {
        #expect(TimelineEvent(Int64.max, "x").time == "9223372036854775807")
        #expect(TimelineEvent(UInt8(7), "x").time == "7")
    }

    @Test func eventsPrintOnePerLine() throws {
        let strategy = Snapshotting<[TimelineEvent], String>.timeline
        let text = try strategy.snapshot([TimelineEvent(10, "playing"), TimelineEvent(12.5, "line\nbreak")])
        #expect(text == "@10 playing\n@12.5 line\\nbreak\n")
    }
}
