import Foundation
import GameDomain
import SiteRendering

/// Checks that every internal `href` and `src` of the pages a build writes leads to a file of
/// the site. The workers record the files they write into one check (`Shared`); the checks run
/// once all are written, before anything is published. Pages are scanned as bytes (`href="`, `src="`), not parsed:
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
    /// Every file, page, link, target and template the check keeps, each once, as bytes: file
    /// paths are told apart by their bytes, as the file system does.
    private var names = ByteNames()
    /// By number in `names`: whether that name is a file written (or kept) by the build.
    private var isFile: [Bool] = []
    /// Each link met on a page, by indices into `names`; a target may be listed more than once
    /// (from several folders). Appending is cheaper than keeping a dictionary of
    /// them: only the few broken ones are told apart, in `problems`.
    private var uses: [Entry] = []
    /// The links met so far, by the page's folder and template, with the index of their use in
    /// `uses` (-1 for a link that needs no check): most links recur on every page of a folder,
    /// and each is resolved once.
    private var seen: [Seen: Int32] = [:]

    /// The links kept to be checked once every file is written.
    var pendingCount: Int { uses.count }

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

    /// `files`: about how many files will be recorded, to make room for them at once.
    init(rootPath: String, files: Int = 0) {
        self.rootPath = rootPath
        isFile.reserveCapacity(files)
    }

    private mutating func markFile(_ number: Int32) {
        if isFile.count < names.count {
            isFile.append(contentsOf: repeatElement(false, count: names.count - isFile.count))
        }
        isFile[Int(number)] = true
    }

    /// Records a file as written and, for a page, the links in it.
    mutating func record(_ file: SiteFile, template: String?) {
        record(file, template: template, links: Self.linkRanges(in: file.bytes))
    }

    /// `record`, with the page's links found beforehand (`linkRanges`), outside `Shared`'s lock.
    mutating func record(_ file: SiteFile, template: String?, links: [Range<Int>]) {
        let page = names.number(file.path)
        markFile(page)
        guard let template, file.path.hasSuffix(".html") else { return }
        let folder = file.path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(file.path[..<$0]) } ?? ""
        let place = names.number(folder + "/" + template)
        var templateNumber: Int32?
        file.bytes.withUnsafeBufferPointer { bytes in
            for range in links {
                let link = UnsafeBufferPointer(rebasing: bytes[range])
                let linkNumber = names.number(link)
                let seenAs = Seen(place: place, link: linkNumber)
                if let use = seen[seenAs] {
                    // Each use names the first page (by its bytes) with the link, whatever the
                    // order the workers wrote the pages in.
                    if use >= 0, names.precedes(page, uses[Int(use)].page) { uses[Int(use)].page = page }
                    continue
                }
                guard let target = resolve(link, from: folder) else {
                    seen[seenAs] = -1
                    continue
                }
                let entry: (target: Int32, outside: Bool) =
                    switch target {
                    case .file(var path): (path.withUTF8 { names.number($0) }, false)
                    case .outside: (linkNumber, true)
                    }
                // A file recorded stays recorded, so a link to one cannot break. The scorecards
                // are recorded before any page is written (`Render.run`): the lists' links to
                // them were most of the check's memory.
                if !entry.outside, Int(entry.target) < isFile.count, isFile[Int(entry.target)] {
                    seen[seenAs] = -1
                    continue
                }
                let number = templateNumber ?? names.number(template)
                templateNumber = number
                seen[seenAs] = Int32(uses.count)
                uses.append(
                    Entry(template: number, target: entry.target, page: page, link: linkNumber, outside: entry.outside))
            }
        }
    }

    /// Records a file unread: one linked from the previous build (its links were checked when it
    /// was written, and its inputs, the pages it links to among them, have not changed), or a
    /// scorecard about to be written.
    mutating func record(unread path: String) {
        markFile(names.number(path))
    }

    /// The values of `href="…"` and `src="…"` attributes, in page order.
    static func links(in html: String) -> [String] {
        let bytes = Array(html.utf8)
        return linkRanges(in: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Where each `href="…"` and `src="…"` value stands in `html`, in page order. memchr jumps
    /// from one `=` to the next: every byte of every page passes through here, and a loop over
    /// each byte cost more than the rest of the check.
    static func linkRanges(in html: [UInt8]) -> [Range<Int>] {
        var links: [Range<Int>] = []
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
                links.append(start..<end)
                index = end + 1
            }
        }
        return links
    }

    /// Where a link leads from a page in `folder` (`games`, or `""` at the root); nil for links
    /// that need no check (another site, `mailto:`, `data:`, a fragment of the page itself).
    func resolve(_ link: String, from folder: String) -> Target? {
        var link = link
        return link.withUTF8 { resolve($0, from: folder) }
    }

    /// `resolve` on the link's bytes: every page has links, and characters cost more.
    func resolve(_ link: UnsafeBufferPointer<UInt8>, from folder: String) -> Target? {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        let ampersand = UInt8(ascii: "&")
        let unescaped =
            link.contains(ampersand) ? Array(Self.unescape(String(decoding: link, as: UTF8.self)).utf8) : nil
        let bytes = Array(
            (unescaped.map { $0[...] } ?? ArraySlice(link)).prefix {
                $0 != UInt8(ascii: "#") && $0 != UInt8(ascii: "?")
            })
        guard !bytes.isEmpty, !Self.hasScheme(bytes), !bytes.starts(with: [slash, slash]) else { return nil }
        var path: [UInt8]
        var rest = bytes[...]
        if bytes.first == slash {
            guard bytes.starts(with: rootPath.utf8) else {
                return .outside(link: String(decoding: link, as: UTF8.self))
            }
            path = []
            rest = rest.dropFirst(rootPath.utf8.count)
        } else {
            path = Array(folder.utf8)
        }
        let segments = rest.split(separator: slash, omittingEmptySubsequences: false)
        for segment in segments {
            if segment.elementsEqual([dot, dot]) {
                guard !path.isEmpty else { return .outside(link: String(decoding: link, as: UTF8.self)) }
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
        // The first page (by its bytes) of each broken target and template.
        var broken: [Key: Entry] = [:]
        for entry in uses {
            if !entry.outside && Int(entry.target) < isFile.count && isFile[Int(entry.target)] { continue }
            let key = Key(
                template: names[entry.template],
                target: entry.outside ? .outside(link: names[entry.link]) : .file(names[entry.target]))
            if let known = broken[key], !names.precedes(entry.page, known.page) { continue }
            broken[key] = entry
        }
        var problems: [Diagnostic] = []
        for (key, entry) in broken {
            let use = Use(page: names[entry.page], link: names[entry.link])
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

extension LinkCheck {
    /// One check for all of the render stage's workers, each unit recorded under a lock: a check
    /// per worker, merged at the end, held most pages, links and targets once per worker and
    /// twice while merging, at the build's peak memory.
    final class Shared: @unchecked Sendable {
        private let lock = NSLock()
        private var check: LinkCheck

        init(rootPath: String, files: Int = 0) {
            check = LinkCheck(rootPath: rootPath, files: files)
        }

        func record(_ files: [SiteFile], template: String?) {
            let links = files.map {
                template != nil && $0.path.hasSuffix(".html") ? LinkCheck.linkRanges(in: $0.bytes) : []
            }
            lock.lock()
            defer { lock.unlock() }
            for (file, links) in zip(files, links) { check.record(file, template: template, links: links) }
        }

        func record(unread path: String) {
            lock.lock()
            defer { lock.unlock() }
            check.record(unread: path)
        }

        func record(unread paths: [String]) {
            lock.lock()
            defer { lock.unlock() }
            for path in paths { check.record(unread: path) }
        }

        /// The check, once every worker is done, handed over: this one is left empty, so the
        /// check's memory (every page, link and target of the site) goes as soon as its
        /// problems are known, not with the build's last stage.
        func takeFinished() -> LinkCheck {
            lock.lock()
            defer { lock.unlock() }
            let finished = check
            check = LinkCheck(rootPath: check.rootPath)
            return finished
        }
    }
}
