import CSystemShims
import CardRasterizing
import Foundation
import GameDomain
import SiteRendering

/// The cards a build drew or read, by their path in the site, from every render worker.
private final class UsedCards: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [String: String] = [:]

    func insert(_ key: String, for path: String) {
        lock.lock()
        defer { lock.unlock() }
        keys[path] = key
    }

    var byPath: [String: String] {
        lock.lock()
        defer { lock.unlock() }
        return keys
    }
}

/// Link-preview cards as PNG bytes, drawn from their SVG once and kept in the build cache's
/// folder (`cards/<site>/<key>.png`): a page rendered again whose card did not change (notes
/// edited, a neighbour's link moved, `--no-cache`) takes the PNG from there instead of drawing
/// it, which is the costly part of a card. The key is the fingerprint of the SVG's bytes and of
/// what draws them, so a card is drawn again exactly when something it shows changed, or the
/// libraries or fonts that draw it. Shared by the render stage's workers.
final class CardCache: Sendable {
    /// The site's folder of cards; nil keeps none (no build cache).
    let folder: String?
    /// False for `--no-cache`: every card is drawn afresh (after new fonts, say) and kept.
    private let reads: Bool
    private let draw: @Sendable ([UInt8]) throws -> [UInt8]
    /// What draws (`CardRasterizer.identity(fonts:)`), part of every key; nil: `SiteBuild.cardRasterizer`.
    private let pinnedRasterizer: String?
    private var rasterizer: String { pinnedRasterizer ?? SiteBuild.cardRasterizer }
    private let drawn = Counter()
    /// The keys of the cards this build drew or read (`prune`).
    private let used = UsedCards()

    /// `draw`: SVG bytes to PNG bytes (`BuildOptions.drawCard`). `rasterizer` (the libraries
    /// and the font files) is in each key rather than in the folder's name: a card drawn by an
    /// older librsvg or with other fonts is not taken for one of the new, and `prune` removes it.
    init(
        directory: String?, source: URL, output: URL, reads: Bool = true, rasterizer: String?,
        draw: @escaping @Sendable ([UInt8]) throws -> [UInt8]
    ) {
        self.draw = draw
        self.reads = reads
        pinnedRasterizer = rasterizer
        folder = directory.map { directory in
            var hasher = StableHasher()
            hasher.combine(source.standardizedFileURL.path + "\u{0}" + output.standardizedFileURL.path)
            return directory + "/cards/\(hasher.finalize())"
        }
        if let folder { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    }

    /// Cards drawn (not taken from the folder) so far.
    var drawnCount: Int { drawn.count }

    /// The card's PNG file. A card that cannot be drawn is an error naming its page: its page
    /// would otherwise point crawlers at a missing image, and nothing is published then.
    func file(for card: LinkCard, page: String) throws(Diagnostic) -> SiteFile {
        let svg = Array(card.svg.render().utf8)
        var hasher = StableHasher()
        hasher.combine(rasterizer)
        svg.withUnsafeBytes { hasher.combine($0) }
        let key = hasher.finalize().description
        let path = folder.map { $0 + "/" + key + ".png" }
        used.insert(key, for: card.path)
        if reads, let path, let kept = Self.read(path) { return SiteFile(path: card.path, bytes: kept) }
        let png: [UInt8]
        do {
            png = try draw(svg)
        } catch {
            throw Diagnostic(
                path: page, location: nil, message: "cannot draw the page's link-preview card (\(card.path)): \(error)",
                hint: "--no-cards builds the site without cards")
        }
        _ = drawn.increment()
        if let path, let folder { Self.keep(png, at: path, in: folder) }
        return SiteFile(path: card.path, bytes: png)
    }

    /// The folder's record of which card each card file of the published site is: a line
    /// `<key> <path>` each. A page linked from the last build links its card too, unread, so
    /// the record says which PNG that card is.
    static let indexName = "cards.index"

    /// After a build is published: keeps the PNGs of the site's cards (`sitePaths`: every file
    /// of the site; those under `cards/` count) and removes the others (cards of deleted games,
    /// old versions of changed ones) and what a killed build left half written, so the folder
    /// holds one site's cards. A card linked from the last build is known from the folder's
    /// record; one it does not know (a record that is missing or damaged) keeps every PNG this
    /// time, and the next build that renders that page learns it.
    func prune(sitePaths: some Sequence<String>) {
        guard let folder else { return }
        let drawnOrRead = used.byPath
        let recorded = Self.readIndex(folder + "/" + Self.indexName)
        var current: [String: String] = [:]
        var complete = true
        for path in sitePaths where path.hasPrefix("cards/") {
            if let key = drawnOrRead[path] ?? recorded[path] { current[path] = key } else { complete = false }
        }
        // The same cards as the last build's: it removed the others already (what a killed build
        // left waits for the next build whose cards change).
        guard current != recorded else { return }
        // The record first: if it cannot be written, the PNGs the old one names stay.
        let lines = current.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)\n" }.joined()
        guard Self.keep(Array(lines.utf8), at: folder + "/" + Self.indexName, in: folder) else { return }
        let kept = Set(current.values.map { $0 + ".png" })
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasSuffix(".tmp") || complete && name.hasSuffix(".png") && !kept.contains(name) {
            unlink(folder + "/" + name)
        }
    }

    /// The record's cards by path; lines that are not `<key> <path>` are left out.
    private static func readIndex(_ path: String) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        var index: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            let key = line[..<space]
            let path = line[line.index(after: space)...]
            guard !key.isEmpty, key.allSatisfy(\.isHexDigit), path.hasPrefix("cards/") else { continue }
            index[String(path)] = String(key)
        }
        return index
    }

    /// A kept PNG, if it is a whole one (`PNGCheck`): a damaged file is drawn again.
    private static func read(_ path: String) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data)
        return PNGCheck.isWhole(bytes) ? bytes : nil
    }

    /// Written to a file of its own and renamed into place, so a reader never sees half a PNG;
    /// a folder that cannot be written only means drawing again next time, and half a file (a
    /// full disk) is removed at once.
    @discardableResult
    private static func keep(_ png: [UInt8], at path: String, in folder: String) -> Bool {
        let temporary = folder + "/.\(UUID().uuidString).tmp"
        let descriptor =
            gamenight_fault(temporary) == 0 ? open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) : -1
        guard descriptor >= 0 else { return false }
        var offset = 0
        png.withUnsafeBytes { bytes in
            while offset < bytes.count, let base = bytes.baseAddress {
                let count = gamenight_write(descriptor, temporary, base + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                offset += count
            }
        }
        let closed = close(descriptor) == 0
        guard offset == png.count, closed, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
