#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Guards against superlinear work without a time budget: the same work is measured at size n
/// and 4n in one test, and the ratio compared. A linear path gives about 4, a quadratic one about
/// 16, on any machine and under any load, because each figure is this thread's CPU time.
enum Scaling {
    /// Linear work passes with a wide margin; quadratic work cannot.
    static let maximumRatio = 8.0

    /// The CPU-time ratio of `work(make(4 * size))` to `work(make(size))`, the inputs built
    /// before the clock starts.
    static func ratio(size: Int, make: (Int) -> String, work: (String) -> Void) -> Double {
        let small = make(size)
        let large = make(4 * size)
        return ratio(of: { work(large) }, to: { work(small) })
    }

    /// The CPU-time ratio of `work` to `baseline`. A ratio over the bound is measured again, up to
    /// `attempts` times, so that one descheduled moment or cold cache cannot fail a linear path;
    /// superlinear work stays over the bound every time. Returns the smallest ratio seen.
    static func ratio(of work: () -> Void, to baseline: () -> Void, attempts: Int = 3) -> Double {
        baseline()  // warms lazily built tables, so they count in neither figure
        var best = Double.infinity
        for _ in 0..<attempts {
            best = min(best, cpuSeconds(work) / max(cpuSeconds(baseline), 1e-6))
            if best <= maximumRatio { break }
        }
        return best
    }

    /// This thread's CPU time, not wall time: other tests and processes share the cores, and the
    /// measured work is synchronous, so it stays on this thread.
    static func cpuSeconds(_ body: () -> Void) -> Double {
        func now() -> Double {
            var spec = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
            return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
        }
        let start = now()
        body()
        return now() - start
    }
}
