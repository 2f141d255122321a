import Foundation
import GameDomain
import SiteRendering
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The texts of an SVG document by class, read back with an XML parser (so also well-formed).
final class SVGTexts: NSObject, XMLParserDelegate {
    var texts: [(class: String, text: String)] = []
    var elements: [String] = []
    var title = "", desc = "", style = ""
    private var open: (name: String, class: String)?
    private var buffer = ""

    /// Nil if the document is not well-formed XML.
    static func read(_ svg: String) -> SVGTexts? {
        let reader = SVGTexts()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        return parser.parse() ? reader : nil
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append(name)
        open = (name, attributes["class"] ?? "")
        buffer = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { buffer += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard let element = open, element.name == name else { return }
        switch name {
        case "text": texts.append((element.class, buffer))
        case "title" where title.isEmpty: title = buffer
        case "desc": desc = buffer
        case "style": style = buffer
        default: break
        }
        open = nil
    }

    func texts(of kind: String) -> [String] {
        texts.filter { $0.class.split(separator: " ").contains(Substring(kind)) }.map(\.text)
    }
}

@Suite("Bowling score sheet (SVG)")
struct BowlingSheetTests {
    @Test(
        "Marks and running totals",
        arguments: [
            (
                BowlingFixtures.perfect, ["X", "X", "X", "X", "X", "X", "X", "X", "X", "X", "X", "X"],
                ["30", "60", "90", "120", "150", "180", "210", "240", "270", "300"], "300"
            ),
            (
                BowlingFixtures.mixed,
                ["7", "/", "9", "-", "X", "8", "/", "F", "9", "X", "X", "6", "3", "7", "2", "9", "/", "X"],
                ["19", "28", "48", "58", "67", "93", "112", "121", "130", "150"], "150"
            ),
            // Unknown running totals show "-", as in seed 004; so does the total.
            (
                BowlingFixtures.unfinished, ["X", "9", "/", "8", "-", "X", "X", "7"],
                ["20", "38", "46", "73", "-", "-", "-", "-", "-", "-"], "-"
            ),
            ([], [], ["-", "-", "-", "-", "-", "-", "-", "-", "-", "-"], "-"),
        ])
    func marksAndTotals(balls: [BowlingBall], marks: [String], scores: [String], total: String) throws {
        let player = try BowlingFixtures.player("Ann", balls)
        let svg = BowlingSheet.svg(for: player, isWinner: false, gameTitle: "Game 1").render()
        let read = try #require(SVGTexts.read(svg), "not well-formed:\n\(svg)")
        #expect(read.texts(of: "mark") == marks)
        #expect(read.texts(of: "score") == scores)
        #expect(read.texts(of: "total") == [total])
        #expect(read.texts(of: "head") == ["Bowler"] + (1...10).map(String.init) + ["Total"])
    }

    @Test func tenFramesOfBallBoxes() throws {
        let svg = BowlingSheet.svg(for: try BowlingFixtures.player("Ann", []), isWinner: false, gameTitle: "G").render()
        // Two boxes in each of frames 1-9, three in the 10th.
        #expect(svg.components(separatedBy: "class=\"ballbox\"").count - 1 == 21)
    }

    @Test func splitsAreCircled() throws {
        let svg = BowlingSheet.svg(
            for: try BowlingFixtures.player("Ann", BowlingFixtures.mixed), isWinner: false, gameTitle: "G"
        ).render()
        #expect(svg.components(separatedBy: "<circle class=\"split\"").count - 1 == 1)
    }

    @Test func accessibleAndEscaped() throws {
        let player = try BowlingFixtures.player("Andre <b>\"&'", BowlingFixtures.mixed)
        let svg = BowlingSheet.svg(for: player, isWinner: true, gameTitle: "Night <1>").render()
        let read = try #require(SVGTexts.read(svg))
        #expect(read.texts(of: "name") == ["Andre <b>\"&'"])
        #expect(!svg.contains("<b>"))
        #expect(svg.contains("Andre &lt;b&gt;&quot;&amp;&#39;"))
        #expect(read.title == "Andre <b>\"&''s score sheet, Night <1>: 150")
        #expect(read.desc.hasPrefix("Frame 1: 7 /, 19. Frame 2: 9 -, 28."))
        #expect(read.desc.hasSuffix("Frame 10: 9 / X, 150. Total 150."))
        #expect(read.style.contains("@media (prefers-color-scheme: dark)"))
        #expect(read.elements.prefix(3) == ["svg", "title", "desc"])
        // A winner's name cell is highlighted and crowned.
        #expect(svg.contains("<g class=\"winner\">"))
        #expect(svg.contains("class=\"crown\""))
    }

    @Test func unfinishedDescriptionSaysWhatIsUnknown() throws {
        let svg = BowlingSheet.svg(
            for: try BowlingFixtures.player("Ann", BowlingFixtures.unfinished), isWinner: false, gameTitle: "G"
        ).render()
        let read = try #require(SVGTexts.read(svg))
        #expect(read.title == "Ann's score sheet, G: in progress")
        #expect(read.desc.contains("Frame 5: X, not yet known. Frame 6: 7, not yet known. Frame 7: not bowled."))
        #expect(read.desc.hasSuffix("Total not yet known."))
        #expect(!svg.contains("class=\"crown\""))
    }

    @Test func longNamesAreClipped() throws {
        let svg = BowlingSheet.svg(
            for: try BowlingFixtures.player(String(repeating: "W", count: 40), []), isWinner: false, gameTitle: "G"
        ).render()
        let read = try #require(SVGTexts.read(svg))
        #expect(read.texts(of: "name") == [String(repeating: "W", count: 14) + "…"])
    }
}
