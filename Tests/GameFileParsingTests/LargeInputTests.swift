import GameFileParsing
import Testing

/// Issue 7: nothing is quadratic in the input size. Each case is an adversarial game file of
/// about 1 MB; parsing (or rejecting) it at 256 KB and at 1 MB must cost about 4 times as much,
/// not 16 (see `Scaling`).
@Suite("Large adversarial game files")
struct LargeInputTests {
    static let size = 1_000_000

    /// A named adversarial input that builds itself at any size; the log shows only the name.
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let make: @Sendable (Int) -> String

        init(_ name: String, _ make: @escaping @Sendable (Int) -> String) {
            (testDescription, self.make) = (name, make)
        }
    }

    /// Repeats `unit(i)` until the text reaches `size` bytes.
    static func fill(_ size: Int, separator: String = "", _ unit: (Int) -> String) -> String {
        var text = ""
        var index = 0
        while text.utf8.count < size {
            if index > 0 { text += separator }
            text += unit(index)
            index += 1
        }
        return text
    }

    static let header = "---\ngame: scores\ntitle: T\ndate: 2026-11-20\n"
    static let bowlingHeader = "---\ngame: bowling\ntitle: T\ndate: 2026-11-20\nstatus: playing\n"
    /// A thousand players at 256 KB, four thousand at 1 MB: work per name that grows with the
    /// players (a typo suggestion, a linear search) makes these cases quadratic.
    static func players(_ size: Int) -> String {
        "players: [" + (0..<size / 256).map { "player\($0)" }.joined(separator: ", ") + "]\n"
    }

    static let cases: [Case] = [
        Case("a huge flow list of players") {
            header + "players: [" + fill($0, separator: ", ") { "p\($0)" } + "]\n---\n"
        },
        Case("a huge block list of players") { header + "players:\n" + fill($0) { "  - p\($0)\n" } + "---\n" },
        Case("one round naming thousands of players over and over") {
            header + players($0) + "rounds:\n" + fill($0) { [players = $0 / 256] in "  - {player\($0 % players): 1}\n" }
                + "---\n"
        },
        Case("rounds naming unknown players among many") {
            header + players($0) + "rounds:\n" + fill($0) { [players = $0 / 256] in "  - {playr\($0 % players): 1}\n" }
                + "---\n"
        },
        Case("many unknown keys, one error each") {
            header + "players: [A]\n" + fill($0) { "plyers\($0): 1\n" } + "---\n"
        },
        Case("a huge unknown key") { header + "players: [A]\n" + String(repeating: "k", count: $0) + ": 1\n---\n" },
        Case("a huge title") {
            header.replacing("title: T\n", with: "title: " + String(repeating: "t", count: $0) + "\n")
                + "players: [A]\n---\n"
        },
        Case("a huge body") {
            header + "players: [A]\n---\n" + fill($0) { "Line \($0) of the notes, *with* `markup`.\n" }
        },
        Case("a huge notation line") {
            bowlingHeader + "players:\n  - name: A\n    rolls: " + String(repeating: "X ", count: $0 / 2) + "\n---\n"
        },
        Case("a huge notation line of split marks") {
            bowlingHeader + "players:\n  - name: A\n    rolls: \"" + String(repeating: "(", count: $0) + "\"\n---\n"
        },
        Case("a huge list of pin counts") {
            bowlingHeader + "players:\n  - name: A\n    rolls: [" + fill($0, separator: ", ") { _ in "1" } + "]\n---\n"
        },
        Case("very many bowlers") {
            bowlingHeader + "players:\n" + fill($0) { "  - {name: b\($0), rolls: X X X X X X X X X XXX}\n" } + "---\n"
        },
        Case("very many bowlers with notation errors") {
            bowlingHeader + "players:\n" + fill($0) { "  - {name: b\($0), rolls: X 9/ Y}\n" } + "---\n"
        },
        Case("nesting just under the limit, over and over") {
            header + "players: [A]\n"
                + fill($0) { "k\($0): " + String(repeating: "[", count: 30) + String(repeating: "]", count: 30) + "\n" }
                + "---\n"
        },
        Case("a million opening brackets") { header + "players: " + String(repeating: "[", count: $0) + "\n---\n" },
        Case("lines of lone carriage returns") {
            header + "players: [A]\n" + String(repeating: "\r", count: $0) + "---\n"
        },
        Case("an unclosed front matter") { "---\n" + fill($0) { "k\($0): v\n" } },
        Case("a megabyte of move repeat counts") {
            "---\ngame: fifteen\ntitle: T\ndate: 2026-11-22\nsize: 3\nstart: {shuffle: {seed: 1}}\nplayers:\n  - name: A\n    moves: "
                + fill($0, separator: " ") { _ in "R1000 L1000" } + "\n---\n"
        },
    ]

    /// A quadratic path once took minutes at 1 MB (a typo suggestion per unknown name took 6
    /// minutes, one per unknown key 8 s); at 1 MB against 256 KB it costs about 16 times as much.
    @Test("A 1 MB adversarial file costs about 4 times a 256 KB one, not 16", arguments: cases)
    func scalesLinearly(_ adversarial: Case) {
        #expect(adversarial.make(Self.size).utf8.count >= Self.size)
        let ratio = Scaling.ratio(size: Self.size / 4, make: adversarial.make) {
            _ = GameFileParser.parse($0, path: "big.md")
        }
        #expect(ratio < Scaling.maximumRatio, "\(adversarial): 4 times the input took \(ratio) times the CPU time")
    }

    @Test("The scaling check catches quadratic work")
    func scalingCatchesQuadraticWork() {
        // Compares every line with every earlier one, as a naive duplicate check would.
        let ratio = Scaling.ratio(size: 600, make: { String(repeating: "line\n", count: $0) }) { text in
            let lines = text.split(separator: "\n")
            var equal = 0
            for i in lines.indices { for j in 0..<i where lines[i] == lines[j] { equal += 1 } }
            #expect(equal > 0)
        }
        #expect(ratio > Scaling.maximumRatio)
    }

    @Test("Past 100 errors, the rest are counted, not listed")
    func errorsAreCapped() {
        let text = Self.header + "players: [A]\n" + (0..<150).map { "plyers\($0): 1\n" }.joined() + "---\n"
        guard case .failure(let errors) = GameFileParser.parse(text, path: "big.md") else {
            Issue.record("expected errors")
            return
        }
        #expect(errors.diagnostics.count == 101)
        #expect(errors.diagnostics.last?.message == "50 more errors in this file not shown; fix these first")
    }
}

@Suite("Move limits")
struct MoveLimitTests {
    /// Expanding the repeats first would make 160 million moves; the same text without repeat
    /// counts makes 480,000. Both are refused at move 10,001, at about the same cost.
    @Test("A megabyte of repeat counts is refused before the moves are expanded")
    func repeatBomb() {
        func game(_ unit: String) -> String {
            "---\ngame: fifteen\ntitle: T\ndate: 2026-11-22\nsize: 3\nstart: {shuffle: {seed: 1}}\nplayers:\n  - name: A\n    moves: "
                + Array(repeating: unit, count: 80_000).joined(separator: " ") + "\n---\n"
        }
        let bomb = game("R1000 L1000")
        let plain = game("R L R L R L")
        for text in [bomb, plain] {
            guard case .failure(let failure) = GameFileParser.parse(text, path: "x.md") else {
                Issue.record("expected an error")
                return
            }
            #expect(
                failure.diagnostics.first?.message.contains("move 10001 is past the limit of 10000 moves per player")
                    == true)
        }
        let ratio = Scaling.ratio(
            of: { _ = GameFileParser.parse(bomb, path: "x.md") }, to: { _ = GameFileParser.parse(plain, path: "x.md") })
        #expect(ratio < Scaling.maximumRatio)
    }
}
