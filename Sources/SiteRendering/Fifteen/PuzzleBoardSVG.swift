import Foundation
public import GameDomain

/// Sliding-puzzle boards as SVG: one panel, a whole board, built with `SVG` so that every
/// text is escaped. Pure functions of their input, so each drawing can be snapshot-tested.
///
/// The colours are fixed (wooden tiles on a dark frame) rather than taken from the page,
/// because standalone files shown through `<img>` cannot see the page's CSS; they read well
/// on light and dark pages alike.
public enum PuzzleBoardSVG {
    /// Side of one cell, in SVG units.
    static let cell = 56
    /// Frame around the cells.
    static let padding = 8
    /// Height of the caption strip under the board.
    static let footer = 26

    static let frameColour = "#4a3b2a"
    static let solvedFrameColour = "#2e7d32"
    static let tileColour = "#f3d9a4"
    static let tileEdge = "#b8925a"
    static let homeTileColour = "#d9ecc9"
    static let textColour = "#3b2a12"
    static let blankColour = "#2f251a"
    static let captionColour = "#f5efe6"

    /// One panel on its own: tile `number` (1…N²−1), or the empty slot for 0.
    public static func panel(_ number: Int) -> SVG {
        .document(
            width: cell, height: cell,
            title: number == 0 ? "Blank" : "Panel \(number)",
            description: number == 0
                ? "The empty slot a tile slides into." : "A sliding-puzzle tile numbered \(number).",
            children: [number == 0 ? blank(x: 0, y: 0) : tile(number, x: 0, y: 0, home: false)]
        )
    }

    /// A whole board with a caption. A solved board gets a green frame and a check mark.
    public static func board(_ board: PuzzleBoard, title: String, caption: String, texts: SiteTexts = SiteTexts())
        -> SVG
    {
        let side = boardSide(board.size)
        var parts = [frame(size: board.size, solved: board.isSolved)]
        for (index, number) in board.tiles.enumerated() {
            let (x, y) = origin(ofCell: index, size: board.size)
            parts.append(number == 0 ? blank(x: x, y: y) : tile(number, x: x, y: y, home: number == index + 1))
        }
        parts.append(captionText(board.isSolved ? "✓ " + caption : caption, size: board.size))
        let state = texts[board.isSolved ? .boardSolved : .boardNotSolved]
        return .document(
            width: side, height: side + footer, title: title,
            description: texts.format(
                .boardDescription, ["size": "\(board.size)×\(board.size)", "rows": rowsText(board), "state": state]),
            children: parts
        )
    }

    /// The frame behind the cells; green when the board is solved.
    static func frame(size: Int, solved: Bool) -> SVG {
        let side = boardSide(size)
        return SVG(
            "rect",
            [
                ("class", solved ? "frame solved" : "frame"), ("x", "0"), ("y", "0"), ("width", "\(side)"),
                ("height", "\(side + footer)"),
                ("rx", "12"), ("fill", solved ? solvedFrameColour : frameColour),
            ])
    }

    /// A tile at (x, y): a rounded square with its number. `home` tiles sit on their goal cell.
    static func tile(_ number: Int, x: Int, y: Int, home: Bool, children: [SVG] = []) -> SVG {
        let inner = cell - 4
        let fontSize = number >= 10 ? 22 : 24
        let parts =
            [
                SVG(
                    "rect",
                    [
                        ("x", "2"), ("y", "2"), ("width", "\(inner)"), ("height", "\(inner)"), ("rx", "9"),
                        ("fill", home ? homeTileColour : tileColour), ("stroke", tileEdge), ("stroke-width", "1.5"),
                    ]),
                SVG(
                    "text",
                    [
                        ("x", "\(cell / 2)"), ("y", "\(cell / 2 + fontSize * 7 / 20)"), ("text-anchor", "middle"),
                        ("font-family", "system-ui, sans-serif"), ("font-size", "\(fontSize)"), ("font-weight", "700"),
                        ("fill", textColour),
                    ], text: "\(number)"),
            ] + children
        return SVG(
            "g", [("class", "tile"), ("transform", "translate(\(x) \(y))")], children: parts.map(SVG.Node.element))
    }

    static func blank(x: Int, y: Int) -> SVG {
        SVG(
            "rect",
            [
                ("class", "blank"), ("x", "\(x + 2)"), ("y", "\(y + 2)"), ("width", "\(cell - 4)"),
                ("height", "\(cell - 4)"),
                ("rx", "9"), ("fill", blankColour),
            ])
    }

    /// The caption under the board, within its width: a long one gets a smaller font, down to
    /// 10 px, and is cut after that (in one pass: a name can be a megabyte long).
    static func captionText(_ text: String, size: Int) -> SVG {
        let side = boardSide(size)
        let room = Double(side - 2 * padding)
        let widths = text.map(ems)
        let fontSize = min(14, max(10, (room / widths.reduce(0, +)).rounded(.down)))
        var shown = text
        if widths.reduce(0, +) * fontSize > room {
            // The characters that fit with the ellipsis after them.
            var used = ems("…")
            var count = 0
            for width in widths {
                guard (used + width) * fontSize <= room else { break }
                used += width
                count += 1
            }
            shown = String(text.prefix(count)).trimmingCharacters(in: .whitespaces) + "…"
        }
        return SVG(
            "text",
            [
                ("class", "caption"), ("x", "\(side / 2)"), ("y", "\(side + footer / 2 - 2)"),
                ("text-anchor", "middle"),
                ("font-family", "system-ui, sans-serif"), ("font-size", "\(Int(fontSize))"), ("fill", captionColour),
            ],
            text: shown)
    }

    /// A character's width in ems, generously: system fonts' letters and digits are about
    /// 0.5 em, East Asian wide characters and emoji (two terminal columns) 1 em.
    static func ems(_ character: Character) -> Double {
        TerminalColumns.width(character) == 2 ? 1 : 0.55
    }

    static func boardSide(_ size: Int) -> Int { 2 * padding + size * cell }

    static func origin(ofCell index: Int, size: Int) -> (x: Int, y: Int) {
        (padding + index % size * cell, padding + index / size * cell)
    }

    /// `1 2 3 / 4 5 6 / 7 8 _`, for descriptions read aloud.
    static func rowsText(_ board: PuzzleBoard) -> String {
        board.rows.map { $0.map { $0 == 0 ? "_" : String($0) }.joined(separator: " ") }.joined(separator: " / ")
    }
}
