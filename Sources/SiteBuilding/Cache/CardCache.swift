import CardRasterizing
import CSystemShims
import Foundation
import GameDomain
import SiteRendering

/// The names of the cards a build used, from every render worker.
private final class UsedCards: @unchecked Sendable {
    private let lock = NSLock()
    private var set: Set<String> = []

    func insert(_ name: String) {
        lock.lock()
        defer { lock.unlock() }
        set.insert(name)
    }

    var names: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return set
    }
}

/// Link-preview cards as PNG bytes, drawn from their SVG once and kept in the build cache's
/// folder (`cards/<site>/<fingerprint of the SVG>.png`): a page rendered again whose card did
/// not change (notes edited, a neighbour's link moved, `--no-cache`) takes the PNG from there
/// instead of drawing it, which is the costly part of a card. The key is the SVG's bytes, so a
/// card is drawn again exactly when something it shows changed. Shared by the render stage's
/// workers.
final class CardCache: Sendable {
    /// The site's folder of cards; nil keeps none (no build cache).
    let folder: String?
    /// False for `--no-cache`: every card is drawn afresh (after new fonts, say) and kept.
    private let reads: Bool
    private let draw: @Sendable ([UInt8]) throws -> [UInt8]
    private let drawn = Counter()
    /// The file names of the cards this build used, drawn or read (`prune`).
    private let used = UsedCards()

    /// `draw`: SVG bytes to PNG bytes (`BuildOptions.drawCard`). The folder belongs to the site
    /// and to the libraries that draw (`CardRasterizer.identity`): a card drawn by an older
    /// librsvg is not taken for one of the new.
    init(directory: String?, source: URL, output: URL, reads: Bool = true, draw: @escaping @Sendable ([UInt8]) throws -> [UInt8]) {
        self.draw = draw
        self.reads = reads
        folder = directory.map { directory in
            var hasher = StableHasher()
            hasher.combine(source.standardizedFileURL.path + "\u{0}" + output.standardizedFileURL.path)
            hasher.combine(CardRasterizer.identity)
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
        let key = svg.withUnsafeBytes { Fingerprint.of($0) }.description
        let path = folder.map { $0 + "/" + key + ".png" }
        used.insert(key + ".png")
        if reads, let path, let kept = Self.read(path) { return SiteFile(path: card.path, bytes: kept) }
        let png: [UInt8]
        do {
            png = try draw(svg)
        } catch {
            throw Diagnostic(path: page, location: nil, message: "cannot draw the page's link-preview card (\(card.path)): \(error)",
                             hint: "--no-cards builds the site without cards")
        }
        _ = drawn.increment()
        if let path, let folder { Self.keep(png, at: path, in: folder) }
        return SiteFile(path: card.path, bytes: png)
    }

    /// After a build that rendered every page (none linked from the last build), so that it
    /// used every card the site has: removes the other cards of the folder (old versions of
    /// edited cards) and what a killed build left half written. Builds that link pages from the last one leave the folder as it is: the
    /// cards of those pages are there, unread, and the next full build sweeps what is stale.
    func prune() {
        guard let folder else { return }
        let used = used.names
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasSuffix(".tmp") || name.hasSuffix(".png") && !used.contains(name) {
            unlink(folder + "/" + name)
        }
    }

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A kept PNG, if it is one (a damaged file is drawn again).
    private static func read(_ path: String) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path), data.count > 64 else { return nil }
        let bytes = [UInt8](data)
        guard bytes.prefix(8).elementsEqual(signature), bytes.suffix(8).elementsEqual([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]) else { return nil }
        return bytes
    }

    /// Written to a file of its own and renamed into place, so a reader never sees half a PNG;
    /// a folder that cannot be written only means drawing again next time, and half a file (a
    /// full disk) is removed at once.
    private static func keep(_ png: [UInt8], at path: String, in folder: String) {
        let temporary = folder + "/.\(UUID().uuidString).tmp"
        let descriptor = gamenight_fault(temporary) == 0 ? open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) : -1
        guard descriptor >= 0 else { return }
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
        if offset != png.count || !closed || rename(temporary, path) != 0 { unlink(temporary) }
    }
}
