import Foundation
import GameDomain
import Testing

@testable import SiteRendering

@Suite("Structured data")
struct StructuredDataTests {
    @Test func scriptJSONEscapesWhatCouldEndTheElement() throws {
        let text = "</script><!-- \"q\" \\ & > \u{2028}\u{2029}\n\t\u{0}\u{1F}é花"
        let literal = Escape.scriptJSON(text)
        #expect(
            literal == #""\u003c/script\u003e\u003c!-- \u0022q\u0022 \\ \u0026 \u003e \u2028\u2029\n\t\u0000\u001fé花""#)
        // Still the same string to a JSON parser.
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
        #expect(decoded == [text])
    }

    /// The byte-by-byte escape against the scalar-by-scalar one it replaced, on random text made
    /// mostly of what it escapes, and a JSON parser reads each back.
    @Test func scriptJSONMatchesItsScalarDefinition() throws {
        let pieces: [Unicode.Scalar] = [
            "<", ">", "&", "\"", "'", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}",
            "\u{2027}", "\u{202A}", "\u{20AC}", "a", "é", "花", "\u{1F3B3}", "\u{E2}", "\u{80}",
        ]
        var random = SplitMix64(seed: 2028)
        for _ in 0..<500 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(random.next() % 24) {
                text.append(
                    random.next() % 4 == 0
                        ? Unicode.Scalar(UInt32(random.next() % 0x2100)) ?? "x"
                        : pieces[Int(random.next() % UInt64(pieces.count))])
            }
            let string = String(text)
            #expect(Escape.scriptJSON(string) == Self.scalarScriptJSON(string), "\(string.debugDescription)")
            let decoded = try JSONSerialization.jsonObject(with: Data("[\(Escape.scriptJSON(string))]".utf8))
            #expect(decoded as? [String] == [string])
        }
    }

    static func scalarScriptJSON(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "<", ">", "&", "\"", "'", "\u{2028}", "\u{2029}", "\u{0}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    @Test func scorecardCarriesItsGameAsJSONLD() throws {
        let renderer = SiteRenderer(
            templates: try Templates(), settings: SiteSettings(baseURL: BaseURL("https://example.org/")))
        var entry = SiteGameFixtures.catan
        entry.game.location = "Ben's </script> kitchen"
        let html = try renderer.scorecard(entry).contents
        let script = try #require(html.firstMatch(of: /<script type="application\/ld\+json">(.*)<\/script>\n/)?.1)
        #expect(!script.contains { "<>&'".contains($0) } && !script.contains("\\\""))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(script.utf8)) as? [String: Any])
        #expect(json["@type"] as? String == "SportsEvent")
        #expect(json["name"] as? String == "Catan <2>")
        #expect(json["startDate"] as? String == "2026-11-20T20:15:00")
        #expect(json["url"] as? String == "https://example.org/games/catan.html")
        #expect((json["location"] as? [String: Any])?["name"] as? String == "Ben's </script> kitchen")
        let competitors = try #require(json["competitor"] as? [[String: Any]])
        #expect(
            competitors.compactMap { $0["name"] as? String } == ["Elisha", "Andre <b>", "Jasmine\" onmouseover=\"x"])
        let agents = ((json["@reverse"] as? [String: Any])?["object"] as? [String: Any])?["agent"] as? [[String: Any]]
        #expect(agents?.compactMap { $0["@id"] as? String } == [competitors[2]["@id"] as? String].compactMap { $0 })
    }
}
