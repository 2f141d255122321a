import CFuzzerDriver
import Foundation
import GameDomain
import GameFileParsing
import SiteRendering

// libFuzzer calls `LLVMFuzzerTestOneInput` for every input. One input takes the whole path a
// game file takes: bytes → size limit and UTF-8 check → front matter, YAML, notation parsers →
// for a parsed game, Markdown notes and every page of the site. Broken invariants trap, so the
// fuzzer reports them like crashes.

@main
enum GameFileFuzzer {
    static func main() {
        exit(gamenight_fuzzer_main(CommandLine.argc, CommandLine.unsafeArgv))
    }
}

/// Built once: parsing the templates for every input would dominate the run.
let renderer = SiteRenderer(templates: loadTemplates())

func loadTemplates() -> Templates {
    __lsan_disable()
    defer { __lsan_enable() }
    do { return try Templates() } catch { fatalError("the built-in templates do not parse: \(error)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGameFile(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    switch data.withUnsafeBytes({ GameFileParser.parse(bytes: $0, path: "fuzz.md") }) {
    case .success(let game):
        _ = Markdown(allowsUnsafeHTML: true).html(game.notes)
        // The built-in templates render any game that parses: a failure is a finding.
        do { _ = try renderer.site([SiteGame(game: game, slug: "fuzz")]) } catch {
            fatalError("a page did not render: \(error)")
        }
    case .failure(let errors):
        checkDiagnostics(errors.diagnostics, in: data)
    }
    return 0
}

/// A rejected file gets at least one diagnostic, and each points inside the file: a line that
/// exists (lines end where YAML's do: LF, CRLF, CR, NEL, LS, PS), and a column at most
/// one past that line's end (counted in scalars, an upper bound for every column we report).
func checkDiagnostics(_ diagnostics: [Diagnostic], in data: Data) {
    require(!diagnostics.isEmpty, "rejected without a diagnostic")
    let lines = String(decoding: data, as: UTF8.self)
        .split(omittingEmptySubsequences: false) {
            ["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains($0)
        }
    for diagnostic in diagnostics {
        guard let location = diagnostic.location else { return require(false, "no location: \(diagnostic)") }
        require(lines.indices.contains(location.line - 1), "line out of range: \(diagnostic)")
        let width = lines[location.line - 1].unicodeScalars.count
        require(location.column >= 1 && location.column <= width + 1, "column out of range: \(diagnostic)")
    }
}

/// `precondition`, but its message survives `-O`, so the crash report says what broke.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
