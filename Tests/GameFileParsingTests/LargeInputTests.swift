import GameFileParsing
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 7: nothing is quadratic in the input size. Each case is a ~1 MB adversarial game file;
/// parsing it (or rejecting it) must finish well under a second, even in a debug build.
@Suite("Large adversarial game files", .serialized)
struct LargeInputTests {
    static let size = 1_000_000

    /// Repeats `unit(i)` until the text reaches about 1 MB.
    static func fill(_ unit: (Int) -> String, separator: String = "") -> String {
        var text = "", index = 0
        while text.utf8.count < size {
            if index > 0 { text += separator }
            text += unit(index)
            index += 1
        }
        return text
    }

    static let header = "---\ngame: scores\ntitle: T\ndate: 2026-11-20\n"
    static let bowlingHeader = "---\ngame: bowling\ntitle: T\ndate: 2026-11-20\nstatus: playing\n"
    static let somePlayers = "players: [" + (0..<1_000).map { "player\($0)" }.joined(separator: ", ") + "]\n"

    static let cases: [(String, String)] = [
        ("a huge flow list of players",
         header + "players: [" + fill({ "p\($0)" }, separator: ", ") + "]\n---\n"),
        ("a huge block list of players",
         header + "players:\n" + fill { "  - p\($0)\n" } + "---\n"),
        ("one round naming a thousand players over and over",
         header + somePlayers + "rounds:\n" + fill { "  - {player\($0 % 1_000): 1}\n" } + "---\n"),
        ("rounds naming unknown players among many",
         header + somePlayers + "rounds:\n" + fill { "  - {playr\($0 % 1_000): 1}\n" } + "---\n"),
        ("many unknown keys, one error each",
         header + "players: [A]\n" + fill { "plyers\($0): 1\n" } + "---\n"),
        ("a 1 MB unknown key",
         header + "players: [A]\n" + String(repeating: "k", count: size) + ": 1\n---\n"),
        ("a 1 MB title",
         header.replacingOccurrences(of: "title: T\n", with: "title: " + String(repeating: "t", count: size) + "\n")
            + "players: [A]\n---\n"),
        ("a 1 MB body",
         header + "players: [A]\n---\n" + fill { "Line \($0) of the notes, *with* `markup`.\n" }),
        ("a 1 MB notation line",
         bowlingHeader + "players:\n  - name: A\n    rolls: " + String(repeating: "X ", count: size / 2) + "\n---\n"),
        ("a 1 MB notation line of split marks",
         bowlingHeader + "players:\n  - name: A\n    rolls: \"" + String(repeating: "(", count: size) + "\"\n---\n"),
        ("a huge list of pin counts",
         bowlingHeader + "players:\n  - name: A\n    rolls: [" + fill({ _ in "1" }, separator: ", ") + "]\n---\n"),
        ("very many bowlers",
         bowlingHeader + "players:\n" + fill { "  - {name: b\($0), rolls: X X X X X X X X X XXX}\n" } + "---\n"),
        ("very many bowlers with notation errors",
         bowlingHeader + "players:\n" + fill { "  - {name: b\($0), rolls: X 9/ Y}\n" } + "---\n"),
        ("nesting just under the limit, over and over",
         header + "players: [A]\n" + fill { "k\($0): " + String(repeating: "[", count: 30) + String(repeating: "]", count: 30) + "\n" } + "---\n"),
        ("a million opening brackets",
         header + "players: " + String(repeating: "[", count: size) + "\n---\n"),
        ("lines of lone carriage returns",
         header + "players: [A]\n" + String(repeating: "\r", count: size) + "---\n"),
        ("an unclosed front matter",
         "---\n" + fill { "k\($0): v\n" }),
    ]

    /// A quadratic path takes seconds to minutes at 1 MB (a typo suggestion per unknown name took
    /// 6 minutes, one per unknown key 8 s). The linear paths take up to ~1 s in a debug build on a
    /// busy 2-core machine, about half of it the debug-built YAML library composing 100,000 nodes;
    /// a release build is several times faster.
    #if DEBUG
    static let budget = Duration.milliseconds(1_500)
    #else
    static let budget = Duration.milliseconds(500)
    #endif

    @Test("A 1 MB adversarial file is parsed or rejected in about a second at most", arguments: cases)
    func finishesQuickly(name: String, text: String) {
        let elapsed = Self.cpuTime { _ = GameFileParser.parse(text, path: "big.md") }
        #expect(text.utf8.count >= Self.size)
        #expect(elapsed < Self.budget, "\(name): \(elapsed)")
    }

    /// This thread's CPU time, not wall time: other suites and other processes share the cores,
    /// and the parse is synchronous, so it stays on one thread.
    static func cpuTime(_ body: () -> Void) -> Duration {
        func now() -> Duration {
            var spec = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
            return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
        }
        let start = now()
        body()
        return now() - start
    }

    @Test("Past 100 errors, the rest are counted, not listed")
    func errorsAreCapped() {
        let text = Self.header + "players: [A]\n" + (0..<150).map { "plyers\($0): 1\n" }.joined() + "---\n"
        guard case .failure(let errors) = GameFileParser.parse(text, path: "big.md") else { Issue.record("expected errors"); return }
        #expect(errors.diagnostics.count == 101)
        #expect(errors.diagnostics.last?.message == "50 more errors in this file not shown; fix these first")
    }
}

@Suite("Move limits")
struct MoveLimitTests {
    @Test("A megabyte of repeat counts is refused before the moves are expanded")
    func repeatBomb() {
        let moves = Array(repeating: "R1000 L1000", count: 80_000).joined(separator: " ")
        let text = "---\ngame: fifteen\ntitle: T\ndate: 2026-11-22\nsize: 3\nstart: {shuffle: {seed: 1}}\nplayers:\n  - name: A\n    moves: \(moves)\n---\n"
        let clock = ContinuousClock()
        var errors: [Diagnostic] = []
        let elapsed = clock.measure { if case .failure(let failure) = GameFileParser.parse(text, path: "x.md") { errors = failure.diagnostics } }
        #expect(errors.first?.message.contains("move 10001 is past the limit of 10000 moves per player") == true, "\(errors)")
        #expect(elapsed < .seconds(2))
    }
}
