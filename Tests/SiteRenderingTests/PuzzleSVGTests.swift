import Foundation
import GameDomain
import SiteRendering
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("Puzzle SVG")
struct PuzzleSVGTests {
    /// Parses `svg` as XML: the elements in document order and each element's text, or nil if malformed.
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var texts: [String] = []
        private var current = ""
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append((name, attributes))
            current = ""
        }
        // Text arrives in pieces (around entities); an element's text is complete at its end.
        func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            let trimmed = current.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { texts.append(trimmed) }
            current = ""
        }
    }

    func parse(_ svg: String) -> Collector? {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        return parser.parse() ? collector : nil
    }

    static let scrambled: PuzzleBoard =
        (try? PuzzleBoard.shuffled(size: 4, seed: 13)) ?? { preconditionFailure("valid") }()

    @Test("Each panel is a well-formed SVG with its number, a title and a description", arguments: 0...15)
    func panel(number: Int) throws {
        let svg = PuzzleBoardSVG.panel(number).render()
        let xml = try #require(parse(svg))
        #expect(xml.elements.first?.name == "svg")
        #expect(xml.elements.map(\.name).contains("title"))
        #expect(xml.elements.map(\.name).contains("desc"))
        if number == 0 {
            #expect(!xml.elements.contains { $0.name == "text" })
            #expect(xml.texts.first == "Blank")
        } else {
            #expect(xml.texts.contains("\(number)"))
            #expect(xml.texts.first == "Panel \(number)")
            #expect(xml.elements.contains { $0.name == "rect" && $0.attributes["rx"] != nil })
        }
    }

    @Test("A board shows all fifteen panels once, as text, in reading order")
    func board() throws {
        let svg = PuzzleBoardSVG.board(Self.scrambled, title: "Start", caption: "Start").render()
        let xml = try #require(parse(svg))
        let numbers = xml.elements.indices.filter { xml.elements[$0].name == "text" }.count
        #expect(numbers == 16)  // 15 panels and the caption
        let panelTexts = xml.texts.compactMap(Int.init)
        #expect(panelTexts == Self.scrambled.tiles.filter { $0 != 0 })
        #expect(Set(panelTexts) == Set(1...15))
        #expect(!svg.contains("solved\""))
    }

    @Test func solvedBoardIsMarked() throws {
        let goal = try PuzzleBoard.goal(size: 4)
        let svg = PuzzleBoardSVG.board(goal, title: "Final", caption: "Solved").render()
        let xml = try #require(parse(svg))
        #expect(xml.elements.contains { $0.attributes["class"] == "frame solved" })
        #expect(xml.texts.contains("✓ Solved"))
        #expect(xml.texts.contains { $0.hasSuffix("The board is solved.") })
    }

    @Test func replayEscapesNamesAndEndsOnTheFinalBoard() throws {
        let start = try PuzzleBoard(size: 3, tiles: [1, 2, 3, 4, 5, 6, 0, 7, 8])
        let replay = try PuzzleReplay(start: start, moves: [.tile(7), .slide(.left)])
        let name = "<b>Ana & \"Bo\"</b>"
        let svg = PuzzleReplaySVG.svg(replay, player: name, gameTitle: "Race").render()
        #expect(!svg.contains("<b>"))
        #expect(svg.contains("&lt;b&gt;Ana &amp; &quot;Bo&quot;&lt;/b&gt;"))
        let xml = try #require(parse(svg))
        #expect(xml.texts.first == "Replay: \(name), Race")
        // Tiles 7 and 8 move; each animation's last position is the tile's final cell.
        let animations = xml.elements.filter { $0.name == "animateTransform" }
        #expect(animations.count == 2)
        let ends = animations.compactMap { $0.attributes["values"]?.split(separator: ";").last.map(String.init) }
        #expect(ends == ["8,120", "64,120"])  // 7 and 8 land in the bottom row's first two cells
        #expect(animations.allSatisfy { $0.attributes["repeatCount"] == "indefinite" })
        #expect(xml.elements.contains { $0.name == "animate" && $0.attributes["attributeName"] == "fill" })
    }

    @Test func longReplaysStayCompact() throws {
        let start = try PuzzleBoard.goal(size: 4)
        // Back and forth 2,000 times: only the first moves are animated.
        let moves = (0..<1000).flatMap { _ in [PuzzleMove.slide(.right), .slide(.left)] }
        let replay = try PuzzleReplay(start: start, moves: moves)
        let svg = PuzzleReplaySVG.svg(replay, player: "Long", gameTitle: "Race").render()
        #expect(svg.utf8.count < 60_000)
        #expect(parse(svg) != nil)
        #expect(svg.contains("Only the first \(PuzzleReplaySVG.maximumAnimatedMoves) moves are animated."))
    }

    /// The caption's font size and text under a 3×3 board (184 px) for `player`, who solved it.
    func caption(_ player: String) throws -> (size: Int, text: String) {
        let replay = try PuzzleReplay(
            start: try PuzzleBoard(size: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 0, 8]), moves: [.tile(8)])
        let xml = try #require(parse(PuzzleReplaySVG.svg(replay, player: player, gameTitle: "Race").render()))
        let index = try #require(
            xml.elements.filter { ["title", "desc", "text"].contains($0.name) }.firstIndex {
                $0.attributes["class"] == "caption"
            })
        let caption = xml.elements.filter { ["title", "desc", "text"].contains($0.name) }[index]
        return (Int(caption.attributes["font-size"] ?? "") ?? 0, xml.texts[index])
    }

    @Test(
        "A replay's caption fits its board: a smaller font for a longer one, then cut",
        arguments: [
            ("Ann", 14, "Ann: solved in 1 move"),
            ("Elisha", 12, "Elisha: solved in 1 move"),
            ("Maximilian-Alexander", 10, "Maximilian-Alexander: solved…"),
            ("花子", 14, "花子: solved in 1 move"),
            ("花子さんと太郎くんの友達", 10, "花子さんと太郎くんの友達: solve…"),
        ])
    func captionFits(player: String, size: Int, text: String) throws {
        let shown = try caption(player)
        #expect(shown.size == size)
        #expect(shown.text == text)
    }

    /// A name as long as a game file allows is cut in one pass (a loop of cuts was quadratic:
    /// hours for this name).
    @Test func megabyteNameIsCut() throws {
        let shown = try caption(String(repeating: "Zoë ", count: 250_000))
        #expect(shown.size == 10)
        #expect(shown.text.hasPrefix("Zoë Zoë") && shown.text.hasSuffix("…") && shown.text.count < 40, "\(shown.text)")
    }
}
