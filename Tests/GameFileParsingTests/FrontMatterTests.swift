import GameDomain
import Testing

@testable import GameFileParsing

@Suite("Front matter")
struct FrontMatterTests {
    /// The LF-only path cuts the parts out of the text; the general path splits every line and
    /// joins them again. On any LF-only text (fences anywhere, trailing spaces, `...`, a byte
    /// order mark, no final line break) both must give the same parts or the same message.
    @Test func cuttingAtLineFeedsSplitsAsEveryLineBreakDoes() {
        let pieces = [
            "---", "--- ", "...", "----", "game: scores", "", " ", "é 🎲", "\u{FEFF}---", "a\u{301}", "x: ---",
        ]
        var generator = SplitMix64(seed: 40)
        for _ in 0..<4_000 {
            let lines = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }
            let text = lines.joined(separator: "\n") + (Bool.random(using: &generator) ? "\n" : "")
            #expect(FrontMatter.hasOnlyLineFeeds(text))
            let cut = FrontMatter.splitAtLineFeeds(text)
            let split = FrontMatter.splitAtLineBreaks(text)
            #expect(Parts(cut) == Parts(split), "\(text.debugDescription)")
        }
    }

    @Test func theNotesKeepTheirOwnBytes() throws {
        let parts = try FrontMatter.split("---\ngame: scores\n---  \nFirst line\n\n  indented\n").get()
        #expect(parts.yaml == "game: scores")
        #expect(parts.body == "First line\n\n  indented\n")
    }

    /// Either the three parts or the message: what a caller can see of a split.
    struct Parts: Equatable {
        var yaml: String?, line: Int?, body: String?, message: String?
        init(_ result: Result<FrontMatter, LocatedMessage>) {
            switch result {
            case .success(let parts): (yaml, line, body) = (parts.yaml, parts.yamlFirstLine, parts.body)
            case .failure(let problem):
                message = "\(problem.location.line):\(problem.location.column) \(problem.message)"
            }
        }
    }
}
