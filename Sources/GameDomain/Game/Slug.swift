/// Page names from game-file paths and player names: lowercase letters and digits joined by
/// hyphens, never empty, never a reserved device name, at most 80 characters and 200 bytes, and
/// unique in the site even on a case-insensitive file system. Latin letters lose their accents
/// (`Crème` → `creme`); letters of other scripts are kept as they are (`花子` → `花子`, in UTF-8:
/// the feed and sitemap percent-encode them). The same input gives the same slugs, so URLs stay
/// stable.
public enum Slug {
    /// `2026-11/Catan, table 2.md` → `2026-11-catan-table-2`.
    public static func make(from relativePath: String, fallback: String = "game") -> String {
        let stem = relativePath.hasSuffix(".md") ? String(relativePath.dropLast(3)) : relativePath
        var slug = ""
        var count = 0
        for character in stem.lowercased() {
            let scalar = character.unicodeScalars.first ?? " "
            let part: String
            if scalar.isASCII {
                // Keeps only the letter of a decomposed accented one (`e` and U+0308).
                part = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? String(scalar) : "-"
            } else if let plain = latin[scalar] {
                part = plain
            } else if character.isLetter || character.isNumber, scalar.properties.generalCategory != .privateUse {
                part = String(character)
            } else {
                part = "-"
            }
            if part == "-" && (slug.isEmpty || slug.hasSuffix("-")) { continue }
            // File names are at most 255 bytes; a character of another script takes 3 or 4.
            guard count < 80, slug.utf8.count + part.utf8.count <= 200 else { break }
            slug += part
            count += 1
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        // Names with no letter or digit (`???.md`) still get a stable, distinct slug.
        if slug.isEmpty { slug = fallback + "-" + fnv1a(stem) }
        if reserved.contains(slug) { slug += "-" + fallback }
        return slug
    }

    /// Slugs for many paths at once; repeats get `-2`, `-3`, … in path order. A repeat is a
    /// slug equal to one taken once case is folded (`caseFolded`), as a case-insensitive file
    /// system compares names: `ſ` and `s`, `ς` and `σ` name one file there.
    public static func assign(_ relativePaths: [String], fallback: String = "game") -> [String: String] {
        var taken: Set<String> = []
        var result: [String: String] = [:]
        for path in relativePaths.sorted() {
            let base = make(from: path, fallback: fallback)
            var slug = base
            var counter = 1
            while !taken.insert(caseFolded(slug)).inserted {
                counter += 1
                slug = "\(base)-\(counter)"
            }
            result[path] = slug
        }
        return result
    }

    /// A slug as a case-insensitive file system compares it: a lowercase letter with another
    /// lowercase form of the same uppercase one (`ſ`, `ς`, `ϐ`) is that form. Slugs are lowercase
    /// already, so only these differ.
    static func caseFolded(_ slug: String) -> String {
        slug.unicodeScalars.allSatisfy(\.isASCII) ? slug : slug.uppercased().lowercased()
    }

    /// Windows device names (not file names there, whatever the extension), and `index`, kept free for games/index.html.
    static let reserved = Set(["con", "prn", "aux", "nul", "index"])
        .union((1...9).flatMap { ["com\($0)", "lpt\($0)"] })

    static let latin: [Unicode.Scalar: String] = {
        var table: [Unicode.Scalar: String] = [:]
        let groups = [
            "a": "àáâãäåā", "c": "çćč", "e": "èéêëēėę", "i": "ìíîïī", "n": "ñń", "o": "òóôõöøō",
            "u": "ùúûüū", "y": "ýÿ", "s": "śšß", "z": "źżž", "l": "ł", "d": "ð", "g": "ğ", "r": "ř",
        ]
        for (plain, accented) in groups { for scalar in accented.unicodeScalars { table[scalar] = plain } }
        table["æ"] = "ae"
        table["œ"] = "oe"
        table["þ"] = "th"
        return table
    }()

    /// The 32-bit FNV-1a hash of the text's UTF-8, as 8 hexadecimal digits: stable on every machine.
    public static func fnv1a(_ text: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
