import GameDomain
import SiteRendering

/// Checks that every internal `href` and `src` of the pages a build writes leads to a file of
/// the site. Each worker records the files it writes; the checks run once all are written,
/// before anything is published. Pages are scanned as bytes (`href="`, `src="`), not parsed:
/// every page is HTML the templates made, with attribute values in double quotes.
struct LinkCheck {
    /// The first page with a link to a target, and how many such links there are.
    struct Use {
        var page: String
        var link: String
        var count = 1
    }

    /// What wrote a link: a template (its name, without `.mustache`), or a game file's notes.
    enum Origin: Hashable {
        case template(String)
        case notes(path: String)
    }

    /// The path of the site's root on its server (`/` or the base URL's path): rooted links
    /// (`/games/a.html`, on the 404 page) must start with it.
    let rootPath: String
    private(set) var files: Set<String> = []
    /// By template and target.
    private(set) var uses: [Key: Use] = [:]

    enum Target: Hashable {
        /// A path in the site.
        case file(String)
        /// Above the site's root, or a rooted link outside its path: every such link is its own target.
        case outside(link: String)
    }

    struct Key: Hashable {
        var origin: Origin
        var target: Target
    }

    init(rootPath: String) {
        self.rootPath = rootPath
    }

    /// Records a file as written and, for a page, the links in it. A link that the page's game
    /// notes hold comes from them, the rest from the page's template.
    mutating func record(_ file: SiteFile, template: String?, notes: (path: String, text: String)? = nil) {
        files.insert(file.path)
        guard let template, file.path.hasSuffix(".html") else { return }
        let folder = file.path.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        for link in Self.links(in: file.contents) {
            guard let target = resolve(link, from: folder) else { continue }
            let origin = notes.flatMap { $0.text.contains(link) ? Origin.notes(path: $0.path) : nil } ?? .template(template)
            let key = Key(origin: origin, target: target)
            if uses[key] == nil {
                uses[key] = Use(page: file.path, link: link)
            } else {
                uses[key]?.count += 1
            }
        }
    }

    mutating func merge(_ other: LinkCheck) {
        files.formUnion(other.files)
        uses.merge(other.uses) { first, second in
            var use = first.page <= second.page ? first : second
            use.count = first.count + second.count
            return use
        }
    }

    /// The values of `href="…"` and `src="…"` attributes.
    static func links(in html: String) -> [String] {
        var links: [String] = []
        var html = html
        html.withUTF8 { bytes in
            var index = 0
            let quote = UInt8(ascii: "\"")
            while index < bytes.count {
                guard bytes[index] == quote, index >= 4 else { index += 1; continue }
                let isHref = index >= 5 && bytes[index - 5] == UInt8(ascii: "h") && bytes[index - 4] == UInt8(ascii: "r")
                    && bytes[index - 3] == UInt8(ascii: "e") && bytes[index - 2] == UInt8(ascii: "f") && bytes[index - 1] == UInt8(ascii: "=")
                let isSrc = bytes[index - 4] == UInt8(ascii: "s") && bytes[index - 3] == UInt8(ascii: "r")
                    && bytes[index - 2] == UInt8(ascii: "c") && bytes[index - 1] == UInt8(ascii: "=")
                index += 1
                guard isHref || isSrc else { continue }
                let start = index
                while index < bytes.count, bytes[index] != quote { index += 1 }
                links.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                index += 1
            }
        }
        return links
    }

    /// Where a link leads; nil for links that need no check (another site, `mailto:`, `data:`,
    /// a fragment of the page itself).
    func resolve(_ link: String, from folder: [String]) -> Target? {
        var path = Substring(link.contains("&") ? Self.unescape(link) : link)
        path = path.prefix { $0 != "#" && $0 != "?" }
        guard !path.isEmpty, !Self.hasScheme(path), !path.hasPrefix("//") else { return nil }
        var parts: [String]
        if path.hasPrefix("/") {
            guard path.hasPrefix(rootPath) else { return .outside(link: link) }
            parts = []
            path = path.dropFirst(rootPath.count)
        } else {
            parts = folder
        }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (offset, segment) in segments.enumerated() {
            switch segment {
            case "..":
                guard !parts.isEmpty else { return .outside(link: link) }
                parts.removeLast()
            case ".": break
            case "" where offset < segments.count - 1: break
            case "": parts.append("index.html")  // a folder: the server shows its index
            default: parts.append(Self.percentDecoded(segment))
            }
        }
        if segments.last == ".." || segments.last == "." || parts.isEmpty { parts.append("index.html") }
        return .file(parts.joined(separator: "/"))
    }

    /// `http:`, `mailto:`, `data:`, any `scheme:` before the first `/`.
    static func hasScheme(_ link: Substring) -> Bool {
        guard let colon = link.firstIndex(of: ":") else { return false }
        let scheme = link[..<colon]
        return !scheme.isEmpty && !scheme.contains("/") && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    static func percentDecoded(_ segment: Substring) -> String {
        guard segment.contains("%") else { return String(segment) }
        var bytes: [UInt8] = []
        var utf8 = segment.utf8[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One error per broken target and template, naming the first page with the link. `templates`
    /// are the user's files (name → path and text): a link found in one of them is reported at
    /// its line and column.
    func problems(templates: [String: (path: String, text: String)]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for (key, use) in uses {
            let leads: String
            switch key.target {
            case .file(let path) where files.contains(path): continue
            case .file(let path): leads = "leads to \(path), which is not a file of the site"
            case .outside: leads = use.link.hasPrefix("/") ? "leads outside the site's path \(rootPath)" : "leads outside the site"
            }
            let more = use.count > 1 ? "; \(use.count) links like it in all" : ""
            let message = "\(use.page): the link `\(use.link)` \(leads)\(more)"
            switch key.origin {
            case .notes(let path):
                problems.append(Diagnostic(path: path, location: nil, message: "in the notes, " + message,
                                           hint: "link to a page of the site or to a full https:// address"))
            case .template(let name):
                let hint = "start links with {{page.root}} and check the file name"
                let file = "\(name).mustache"
                if let found = locate(use.link, in: templates, preferring: file) {
                    problems.append(Diagnostic(path: found.path, location: found.location, message: message, hint: hint))
                } else {
                    let path = templates[file]?.path ?? "templates/\(file)"
                    problems.append(Diagnostic(path: path, location: nil, message: message + " (from \(file), its layout or partials)", hint: hint))
                }
            }
        }
        return problems.sorted { ($0.path, $0.location ?? SourceLocation(line: 0, column: 0), $0.message) < ($1.path, $1.location ?? SourceLocation(line: 0, column: 0), $1.message) }
    }

    /// Where the link's own text (without the `../` a template puts before it) stands in the
    /// user's templates: in the page's own template, else in the only one that has it.
    func locate(_ link: String, in templates: [String: (path: String, text: String)], preferring name: String) -> (path: String, location: SourceLocation)? {
        var tail = link.hasPrefix(rootPath) ? link.dropFirst(rootPath.count) : Substring(link)
        while tail.hasPrefix("../") || tail.hasPrefix("./") || tail.hasPrefix("/") { tail = tail.drop { $0 == "." }.dropFirst() }
        guard !tail.isEmpty else { return nil }
        let found = templates.filter { $0.value.text.contains(tail) }
        guard let template = found[name] ?? (found.count == 1 ? found.first?.value : nil),
              let range = template.text.range(of: tail) else { return nil }
        let before = template.text[..<range.lowerBound]
        let line = before.reduce(1) { $1.isNewline ? $0 + 1 : $0 }
        let column = before.reversed().prefix { !$0.isNewline }.count + 1
        return (template.path, SourceLocation(line: line, column: column))
    }
}
