import Foundation
import GameDomain
import SiteRendering

/// Checks that every internal `href` and `src` of the pages a build writes leads to a file of
/// the site. Each worker records the files it writes; the checks run once all are written,
/// before anything is published. Pages are scanned as bytes (`href="`, `src="`), not parsed:
/// every page is HTML the templates made, with attribute values in double quotes.
struct LinkCheck {
    /// The first page with a link to a target.
    struct Use {
        var page: String
        var link: String
    }

    /// The path of the site's root on its server (`/` or the base URL's path): rooted links
    /// (`/games/a.html`, on the 404 page) must start with it.
    let rootPath: String
    private(set) var files: Set<String> = []
    /// Every page, link, target and template the check keeps, each once: kept as strings per
    /// link, the links of a 10,000-game site were a third of its build's peak memory.
    private var names = Names()
    /// Each link met on a page, by indices into `names`; a target may be listed more than once
    /// (from several workers, or folders). Appending is cheaper than keeping a dictionary of
    /// them: only the few broken ones are told apart, in `problems`.
    private var uses: [Entry] = []
    /// The links met so far, by the page's folder and template: most links recur on every page
    /// of a folder, and each is resolved once.
    private var seen: Set<Seen> = []

    enum Target: Hashable {
        /// A path in the site.
        case file(String)
        /// Above the site's root, or a rooted link outside its path: every such link is its own target.
        case outside(link: String)
    }

    struct Key: Hashable {
        /// Without `.mustache`.
        var template: String
        var target: Target
    }

    /// A link met: its template (without `.mustache`), target (a path, or for a link outside
    /// the site the link itself), page and link, as indices into `names`.
    private struct Entry {
        var template: Int32, target: Int32, page: Int32, link: Int32
        var outside: Bool
    }

    private struct Seen: Hashable {
        var place: Int32, link: Int32
    }

    /// Strings numbered in the order first met. An `Int32` is enough: 2³¹ strings would not fit
    /// in memory beside their dictionary.
    private struct Names {
        private(set) var strings: [String] = []
        private var numbers: [String: Int32] = [:]

        mutating func number(_ string: String) -> Int32 {
            if let known = numbers[string] { return known }
            let number = Int32(strings.count)
            strings.append(string)
            numbers[string] = number
            return number
        }

        subscript(number: Int32) -> String { strings[Int(number)] }
    }

    /// `files`: about how many files will be recorded, to make room for them at once.
    init(rootPath: String, files: Int = 0) {
        self.rootPath = rootPath
        self.files.reserveCapacity(files)
    }

    /// Records a file as written and, for a page, the links in it.
    mutating func record(_ file: SiteFile, template: String?) {
        files.insert(file.path)
        guard let template, file.path.hasSuffix(".html") else { return }
        let folder = file.path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(file.path[..<$0]) } ?? ""
        let place = names.number(folder + "/" + template)
        var numbers: (page: Int32, template: Int32)?
        for link in Self.links(in: file.bytes) {
            let linkNumber = names.number(link)
            guard seen.insert(Seen(place: place, link: linkNumber)).inserted, let target = resolve(link, from: folder)
            else { continue }
            let entry: (target: Int32, outside: Bool) =
                switch target {
                case .file(let path): (names.number(path), false)
                case .outside: (linkNumber, true)
                }
            let (page, templateNumber) = numbers ?? (names.number(file.path), names.number(template))
            numbers = (page, templateNumber)
            uses.append(
                Entry(
                    template: templateNumber, target: entry.target, page: page, link: linkNumber, outside: entry.outside
                ))
        }
    }

    /// Records a file linked from the previous build unread: its links were checked when it
    /// was written, and its inputs, the pages it links to among them, have not changed.
    mutating func record(unread path: String) {
        files.insert(path)
    }

    /// Takes in `other`'s files and links (the smaller set of files goes into the larger;
    /// `other` may be left with either). What `other` has seen is not taken: merged checks
    /// record no more pages, and a link recorded twice is only listed twice.
    mutating func merge(_ other: inout LinkCheck) {
        if files.count < other.files.count { swap(&files, &other.files) }
        files.formUnion(other.files)
        let renumbered = other.names.strings.map { names.number($0) }
        uses.reserveCapacity(uses.count + other.uses.count)
        for use in other.uses {
            uses.append(
                Entry(
                    template: renumbered[Int(use.template)], target: renumbered[Int(use.target)],
                    page: renumbered[Int(use.page)],
                    link: renumbered[Int(use.link)], outside: use.outside))
        }
    }

    /// The values of `href="…"` and `src="…"` attributes, in page order. memchr jumps from one
    /// `=` to the next: every byte of every page passes through here, and a loop over each byte
    /// cost more than the rest of the check.
    static func links(in html: String) -> [String] { links(in: Array(html.utf8)) }

    static func links(in html: [UInt8]) -> [String] {
        var links: [String] = []
        html.withUnsafeBufferPointer { page in
            guard let base = page.baseAddress else { return }
            let quote = UInt8(ascii: "\"")
            var index = 0
            while index < page.count, let found = memchr(base + index, Int32(UInt8(ascii: "=")), page.count - index) {
                let equals = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                index = equals + 1
                guard index < page.count, page[index] == quote,
                    equals >= 4 && page[(equals - 4)..<equals].elementsEqual("href".utf8)
                        || equals >= 3 && page[(equals - 3)..<equals].elementsEqual("src".utf8)
                else { continue }
                let start = index + 1
                let end = page[start...].firstIndex(of: quote) ?? page.count
                links.append(String(decoding: UnsafeBufferPointer(rebasing: page[start..<end]), as: UTF8.self))
                index = end + 1
            }
        }
        return links
    }

    /// Where a link leads from a page in `folder` (`games`, or `""` at the root); nil for links
    /// that need no check (another site, `mailto:`, `data:`, a fragment of the page itself).
    /// Works on bytes: every page has links, and characters cost more.
    func resolve(_ link: String, from folder: String) -> Target? {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        let text = link.utf8.contains(UInt8(ascii: "&")) ? Self.unescape(link) : link
        let bytes = Array(text.utf8.prefix { $0 != UInt8(ascii: "#") && $0 != UInt8(ascii: "?") })
        guard !bytes.isEmpty, !Self.hasScheme(bytes), !bytes.starts(with: [slash, slash]) else { return nil }
        var path: [UInt8]
        var rest = bytes[...]
        if bytes.first == slash {
            guard bytes.starts(with: rootPath.utf8) else { return .outside(link: link) }
            path = []
            rest = rest.dropFirst(rootPath.utf8.count)
        } else {
            path = Array(folder.utf8)
        }
        let segments = rest.split(separator: slash, omittingEmptySubsequences: false)
        for segment in segments {
            if segment.elementsEqual([dot, dot]) {
                guard !path.isEmpty else { return .outside(link: link) }
                path.removeSubrange((path.lastIndex(of: slash) ?? 0)...)
            } else if !segment.isEmpty && !segment.elementsEqual([dot]) {
                if !path.isEmpty { path.append(slash) }
                Self.appendDecoded(segment, to: &path)
            }
        }
        // A folder (`nights/`, `..`, the root): the server shows its index.
        if let last = segments.last, last.isEmpty || last.elementsEqual([dot]) || last.elementsEqual([dot, dot]) {
            path += Array((path.isEmpty ? "index.html" : "/index.html").utf8)
        }
        return .file(String(decoding: path, as: UTF8.self))
    }

    /// `http:`, `mailto:`, `data:`: any `scheme:` before the first `/`.
    static func hasScheme(_ link: [UInt8]) -> Bool {
        guard let colon = link.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return false }
        return link[..<colon].allSatisfy {
            (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) || $0 == 43 || $0 == 45
                || $0 == 46
        }
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Appends a path segment with its `%XX` escapes decoded.
    static func appendDecoded(_ segment: ArraySlice<UInt8>, to path: inout [UInt8]) {
        var index = segment.startIndex
        while index < segment.endIndex {
            if segment[index] == UInt8(ascii: "%"), index + 2 < segment.endIndex,
                let value = UInt8(String(decoding: segment[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                path.append(value)
                index += 3
            } else {
                path.append(segment[index])
                index += 1
            }
        }
    }

    /// One error per broken target and template, naming the first page with the link. `templates`
    /// are the user's files (name → path and text): a link found in one of them is reported at
    /// its line and column. `notes` gives a scorecard's game file and notes: a link they hold is
    /// the notes' (looked up only for broken links, so a build pays nothing for it).
    func problems(
        templates: [String: (path: String, text: String)],
        notes: (_ page: String) -> (path: String, text: String)? = { _ in nil }
    ) -> [Diagnostic] {
        // The first page (by path) of each broken target and template, whatever the workers' order.
        var broken: [Key: Use] = [:]
        // Each target is looked up once, not once per link to it.
        var isFile = [Bool?](repeating: nil, count: names.strings.count)
        for entry in uses {
            if !entry.outside {
                let found = isFile[Int(entry.target)] ?? files.contains(names[entry.target])
                isFile[Int(entry.target)] = found
                if found { continue }
            }
            let key = Key(
                template: names[entry.template],
                target: entry.outside ? .outside(link: names[entry.link]) : .file(names[entry.target]))
            let use = Use(page: names[entry.page], link: names[entry.link])
            if let known = broken[key], known.page <= use.page { continue }
            broken[key] = use
        }
        var problems: [Diagnostic] = []
        for (key, use) in broken {
            let leads: String
            switch key.target {
            case .file(let path): leads = "leads to \(path), which is not a file of the site"
            case .outside:
                leads = use.link.hasPrefix("/") ? "leads outside the site's path \(rootPath)" : "leads outside the site"
            }
            let message = "\(use.page): the link `\(use.link)` \(leads)"
            let hint = "start links with {{page.root}} and check the file name"
            let file = "\(key.template).mustache"
            if let game = notes(use.page), game.text.contains(use.link) {
                problems.append(
                    Diagnostic(
                        path: game.path, location: nil, message: "in the notes, " + message,
                        hint: "link to a page of the site or to a full https:// address"))
            } else if let found = locate(use.link, in: templates, preferring: file) {
                problems.append(Diagnostic(path: found.path, location: found.location, message: message, hint: hint))
            } else {
                let path = templates[file]?.path ?? "templates/\(file)"
                problems.append(
                    Diagnostic(
                        path: path, location: nil, message: message + " (from \(file), its layout or partials)",
                        hint: hint))
            }
        }
        return problems.sorted {
            ($0.path, $0.location ?? SourceLocation(line: 0, column: 0), $0.message) < (
                $1.path, $1.location ?? SourceLocation(line: 0, column: 0), $1.message
            )
        }
    }

    /// Where the link's own text (without the `../` a template puts before it) stands in the
    /// user's templates: in the page's own template, else in the only one that has it.
    func locate(_ link: String, in templates: [String: (path: String, text: String)], preferring name: String) -> (
        path: String, location: SourceLocation
    )? {
        var tail = link.hasPrefix(rootPath) ? link.dropFirst(rootPath.count) : Substring(link)
        while tail.hasPrefix("../") || tail.hasPrefix("./") || tail.hasPrefix("/") {
            tail = tail.drop { $0 == "." }.dropFirst()
        }
        guard !tail.isEmpty else { return nil }
        let found = templates.filter { $0.value.text.contains(tail) }
        guard let template = found[name] ?? (found.count == 1 ? found.first?.value : nil),
            let range = template.text.range(of: tail)
        else { return nil }
        let before = template.text[..<range.lowerBound]
        let line = before.reduce(1) { $1.isNewline ? $0 + 1 : $0 }
        let column = before.reversed().prefix { !$0.isNewline }.count + 1
        return (template.path, SourceLocation(line: line, column: column))
    }
}
