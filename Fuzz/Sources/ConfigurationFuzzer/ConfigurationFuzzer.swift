import CFuzzerDriver
import Foundation
import GameDomain
import SiteBuilding
import SiteFuzzing
import SiteRendering

// Every input is a `gamenight.yaml`: its bytes go through `SiteConfigurationFile.read`, as
// `gamenight build` reads the file (size limit, UTF-8, YAML, keys, base URL, time zone, texts).
// A rejected file must get diagnostics inside it; an accepted one renders the site over fixed
// games of every kind, with the file's settings, and no page may print its values unescaped.

@main
enum ConfigurationFuzzer {
    static func main() {
        exit(gamenight_fuzzer_main(CommandLine.argc, CommandLine.unsafeArgv))
    }
}

/// Built once: parsing the templates for every input would dominate the run.
let templates = loadTemplates()

func loadTemplates() -> Templates {
    __lsan_disable()
    defer { __lsan_enable() }
    guard let templates = try? Templates() else { fatalError("the built-in templates do not parse") }
    _ = FuzzSite.games
    return templates
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    switch SiteConfigurationFile.read(data, path: "gamenight.yaml") {
    case .success(let file):
        let renderer = SiteRenderer(templates: templates, settings: file.settings())
        do {
            // A value of the file may carry the marker (from the seeds and the dictionary).
            for page in try renderer.site(FuzzSite.games) { FuzzSite.checkEscaped(page, "gamenight.yaml") }
        } catch {
            fatalError("the built-in templates failed with a valid gamenight.yaml: \(error)")
        }
    case .failure(let errors):
        require(!errors.diagnostics.isEmpty, "rejected without a diagnostic")
        // The file is YAML: its lines end where YAML's do.
        let text = String(decoding: data, as: UTF8.self)
        for diagnostic in errors.diagnostics {
            checkLocation(diagnostic, in: text, lineBreaks: ["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"])
        }
    }
    return 0
}
