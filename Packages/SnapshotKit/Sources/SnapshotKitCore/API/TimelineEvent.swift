/// One event of a recorded stream: a virtual time and what happened then.
/// The time is printed when the event is made, at full resolution: two different times never
/// print the same (integers as written, doubles by their shortest round-trip form, durations
/// in exact seconds).
public struct TimelineEvent: Sendable, Hashable {
    public var time: String
    public var value: String

    public init<Time: BinaryInteger>(_ time: Time, _ value: some Any) {
        self.time = String(time)
        self.value = Self.describe(value)
    }

    public init(_ time: Double, _ value: some Any) {
        self.time = Self.format(time)
        self.value = Self.describe(value)
    }

    public init(_ time: Duration, _ value: some Any) {
        self.time = Self.format(time)
        self.value = Self.describe(value)
    }

    /// `10` for 10.0, `0.1` for 0.1; `description` is Swift's shortest round-trip form.
    static func format(_ time: Double) -> String {
        if time.isFinite, time == time.rounded(), abs(time) < 1e15, time != 0 || time.sign == .plus {
            return String(Int64(time))
        }
        return time.description
    }

    /// Exact seconds: `1.5s`, `0.000000001s`, `-0.25s`. Both components of a `Duration`
    /// carry its sign.
    static func format(_ time: Duration) -> String {
        let (seconds, attoseconds) = time.components
        var text = (seconds < 0 || attoseconds < 0 ? "-" : "") + String(seconds.magnitude)
        if attoseconds != 0 {
            var fraction = padded(attoseconds.magnitude)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "s"
    }

    private static func padded(_ attoseconds: UInt64) -> String {
        let digits = String(attoseconds)
        return String(repeating: "0", count: max(18 - digits.count, 0)) + digits
    }

    private static func describe(_ value: some Any) -> String {
        String(describing: value).replacingAll("\n", with: "\\n")
    }
}
