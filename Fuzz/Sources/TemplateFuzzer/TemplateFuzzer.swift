import CFuzzerDriver
import Foundation
import GameDomain
import SiteFuzzing
import SiteRendering

// Every input is a user's template: its first byte picks which built-in template it replaces
// (`Templates.builtInNames`, by index modulo their count), the rest is the template's text, read
// as `gamenight build` reads a templates folder. A template that parses renders the pages that
// use it, over fixed games of every kind with `FuzzSite.marker` in their values.
// Checked: a rejected template gets a diagnostic inside it; rendering ends, with pages or a
// diagnostic inside the template; values are escaped unless the template asks for them raw.

@main
enum TemplateFuzzer {
    static func main() {
        exit(gamenight_fuzzer_main(CommandLine.argc, CommandLine.unsafeArgv))
    }
}

/// Made once: the games, their catalog and the settings (a base URL, so the feed and sitemap render too).
let site = makeSite()

struct Site {
    var catalog: SiteCatalog
    var settings: SiteSettings
    /// By template file name: the games and pages whose rendering reaches it. Only those can change
    /// when it is replaced; rendering the others would only repeat the built-in output.
    var users: [String: (games: [SiteGame], pages: [CatalogPage])]
}

func makeSite() -> Site {
    __lsan_disable()
    defer { __lsan_enable() }
    var settings = SiteSettings(
        baseURL: BaseURL("https://example.org/games/"), title: "Site \(FuzzSite.marker)",
        description: "About \(FuzzSite.marker)")
    settings.statistics.minimumGames = 1
    let catalog = SiteCatalog(FuzzSite.games, statistics: settings.statistics)
    var users: [String: (games: [SiteGame], pages: [CatalogPage])] = [:]
    for name in Templates.builtInNames {
        // A template replaced by a word of its own shows that word on every page that reaches it.
        let word = "\u{1F0CF}uses-\(name)\u{1F0CF}"
        guard let templates = try? Templates(overrides: [name: (path: name, text: word)]) else {
            fatalError("\(name) does not parse")
        }
        let renderer = SiteRenderer(templates: templates, settings: settings)
        func uses(_ files: () throws -> [SiteFile]) -> Bool {
            (try? files())?.contains { $0.contents.contains(word) } ?? true
        }
        users[name] = (
            catalog.games.filter { entry in uses { try renderer.files(for: entry, in: catalog) } },
            renderer.pages(catalog).filter { page in uses { [try renderer.render(page, catalog)] } }
        )
    }
    return Site(catalog: catalog, settings: settings, users: users)
}

/// Where a template's lines end, as its diagnostics count them: a lone CR too (classic Mac files).
let lineBreaks: Set<Character> = ["\n", "\r\n", "\r"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let site = site  // Made before the first template, so the built-ins' parse is made in it.
    guard let bytes, count > 0 else { return 0 }
    let names = Templates.builtInNames
    let name = names[Int(bytes[0]) % names.count]
    // `String(contentsOf:encoding: .utf8)` refuses what is not UTF-8, so does this.
    guard let text = String(bytes: UnsafeBufferPointer(start: bytes + 1, count: count - 1), encoding: .utf8) else {
        return 0
    }
    let path = "templates/\(name)"
    let templates: Templates
    do {
        templates = try Templates(overrides: [name: (path: path, text: text)])
    } catch {
        require(!error.errors.isEmpty, "rejected without a diagnostic")
        for diagnostic in error.errors {
            require(diagnostic.path == path, "a built-in template failed: \(diagnostic)")
            checkLocation(diagnostic, in: text, lineBreaks: lineBreaks)
        }
        return 0
    }
    let renderer = SiteRenderer(templates: templates, settings: site.settings)
    let checksEscaping = !mayPrintRaw(text)
    // Each file is checked and dropped: a page may weigh 64 MB.
    let (games, pages) = site.users[name] ?? ([], [])
    do {
        for entry in games {
            for file in try renderer.files(for: entry, in: site.catalog) where checksEscaping {
                FuzzSite.checkEscaped(file, "template \(name)")
            }
        }
        for page in pages {
            let file = try renderer.render(page, site.catalog)
            if checksEscaping { FuzzSite.checkEscaped(file, "template \(name)") }
        }
    } catch {
        // A render error points at a tag of the template it is in; the user's has to hold it.
        if error.path == path { checkLocation(error, in: text, lineBreaks: lineBreaks) }
    }
    return 0
}

/// The template may print a value unescaped: it has `{{{`, or `{{` then blanks then `&` (the
/// unescaped form) or `=` (new delimiters, after which anything goes), or the marker's own
/// character. Non-ASCII bytes count as blanks, to err on the side of skipping the check.
func mayPrintRaw(_ text: String) -> Bool {
    if text.contains("🃏") { return true }
    let bytes = Array(text.utf8)
    var index = 0
    while index + 1 < bytes.count {
        defer { index += 1 }
        guard bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") else { continue }
        var next = index + 2
        while next < bytes.count, bytes[next] <= 0x20 || bytes[next] >= 0x80 { next += 1 }
        if next < bytes.count, [UInt8(ascii: "{"), UInt8(ascii: "&"), UInt8(ascii: "=")].contains(bytes[next]) {
            return true
        }
    }
    return false
}
