import Foundation
public import GameDomain

/// Optimal solution lengths found by earlier runs, beside the pattern databases, so that a
/// rebuild solves only boards it has not seen: a board's optimum never changes.
///
/// The file is text: `GNOPT001`, then one board per line, sorted (`4 8 10 1 14 … 0 = 54`: the
/// width, the tiles in reading order with 0 for the blank, `=`, the optimal length), then
/// `fnv1a64` and the FNV-1a 64 checksum of everything before that line, in hexadecimal. A file
/// that is damaged anywhere is ignored whole and written again: a wrong optimum would be shown
/// on a scorecard as a fact.
public struct OptimumCache: Sendable {
    /// The folder, the pattern databases' (created when first written).
    public let directory: String
    public var path: String { directory + "/puzzle-optima.txt" }

    /// Bump it with any solver fix that could change a length: lengths found before are then
    /// not trusted, and replaced. A newer version's file is neither read nor replaced.
    static let magic = "GNOPT001"

    public init(directory: String) {
        self.directory = directory
    }

    /// The lengths on file; empty when there is no file, it is damaged, or it is another
    /// version's.
    public func load() -> [PuzzleBoard: Int] { read().optima }

    /// Adds `optima` to the file, keeping what it holds (read again first, so two runs at once
    /// lose at most each other's newest boards). Returns false when the file cannot be written,
    /// or is a newer version's (left for that version).
    @discardableResult
    public func add(_ optima: [PuzzleBoard: Int]) -> Bool {
        guard !optima.isEmpty else { return true }
        let (known, replaceable) = read()
        guard replaceable,
            (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil
        else { return false }
        return CacheFile.replace(path, with: [Self.encode(known.merging(optima) { _, new in new })])
    }

    /// What the file holds, and whether it may be replaced: a missing or damaged file or an
    /// older format may, a newer version's file may not.
    private func read() -> (optima: [PuzzleBoard: Int], replaceable: Bool) {
        guard let bytes = CacheFile.contents(of: path) else { return ([:], true) }
        if let optima = Self.decode(bytes) { return (optima, true) }
        guard bytes.starts(with: "GNOPT".utf8), let found = Self.version(bytes),
            let ours = Self.version(Array(Self.magic.utf8))
        else {
            return ([:], true)
        }
        return ([:], found <= ours)
    }

    /// `1` for `GNOPT001…`.
    private static func version(_ bytes: [UInt8]) -> Int? {
        Int(String(decoding: bytes.prefix(8).dropFirst(5), as: UTF8.self))
    }

    static func encode(_ optima: [PuzzleBoard: Int]) -> [UInt8] {
        let lines = optima.map { board, length in
            "\(board.size) " + board.tiles.map(String.init).joined(separator: " ") + " = \(length)"
        }.sorted()
        var body = Array(([magic] + lines).joined(separator: "\n").utf8)
        body.append(UInt8(ascii: "\n"))
        var checksum = FNV1a64()
        checksum.combine(body)
        return body + Array("fnv1a64 \(String(checksum.value, radix: 16))\n".utf8)
    }

    /// nil when the magic, the checksum or any line is wrong.
    static func decode(_ bytes: [UInt8]) -> [PuzzleBoard: Int]? {
        // The checksum line is the last one; everything before it, newline included, is summed.
        guard bytes.last == UInt8(ascii: "\n"),
            let split = bytes.dropLast().lastIndex(of: UInt8(ascii: "\n"))
        else { return nil }
        let body = bytes[...split]
        let trailer = String(decoding: bytes[(split + 1)...].dropLast(), as: UTF8.self)
        var checksum = FNV1a64()
        checksum.combine(body)
        guard trailer == "fnv1a64 \(String(checksum.value, radix: 16))" else { return nil }
        let lines = String(decoding: body, as: UTF8.self).split(separator: "\n")
        guard lines.first == Substring(magic) else { return nil }
        var optima: [PuzzleBoard: Int] = [:]
        for line in lines.dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count >= 4, fields[fields.count - 2] == "=",
                let size = Int(fields[0]), let length = Int(fields[fields.count - 1]), length >= 0
            else { return nil }
            let tiles = fields[1..<(fields.count - 2)].compactMap { Int($0) }
            guard tiles.count == fields.count - 3, let board = try? PuzzleBoard(size: size, tiles: tiles),
                isPlausible(length, for: board)
            else { return nil }
            optima[board] = length
        }
        return optima
    }

    /// Every move slides one tile one cell, changing the tiles' total Manhattan distance by
    /// one: a solution is at least that long and has its parity. A cheap check on top of the
    /// checksum, against a file that is intact but wrong.
    static func isPlausible(_ length: Int, for board: PuzzleBoard) -> Bool {
        let size = board.size
        var distance = 0
        for (cell, tile) in board.tiles.enumerated() where tile != 0 {
            distance += abs((tile - 1) / size - cell / size) + abs((tile - 1) % size - cell % size)
        }
        return length >= distance && (length - distance) % 2 == 0
    }
}
