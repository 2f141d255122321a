import Foundation
import GameDomain
import Testing

@testable import SiteServing

@Suite struct ReloadEventTests {
    @Test func reloadFrame() {
        #expect(ReloadEvent.reload(build: 3).frame == "event: reload\ndata: {\"build\":3}\n\n")
    }

    /// Text from a game file cannot end the data line, add a field or event, or carry markup.
    @Test func errorTextIsEscaped() {
        let hostile = Diagnostic(
            path: "games/<b>.md", location: SourceLocation(line: 7, column: 3),
            message: "bad\n\nevent: reload\ndata: x\r</script><img src=x onerror=alert(1)>\u{2028}'\"\\",
            hint: "fix & retry")
        let frame = ReloadEvent.error([hostile]).frame
        #expect(frame.hasPrefix("event: error\ndata: {"))
        #expect(frame.hasSuffix("}\n\n"))
        #expect(frame.dropLast(2).filter { $0 == "\n" || $0 == "\r" }.count == 1)  // only the one after `event: error`
        for raw in ["<", ">", "&", "'", "\u{2028}"] { #expect(!frame.contains(raw)) }
        #expect(
            frame.contains(
                #""path":"games/\u003cb\u003e.md","line":7,"column":3,"message":"bad\n\nevent: reload\ndata: x\r\u003c/script\u003e"#
            ))
        #expect(frame.contains(#"\u2028\u0027\u0022\\","hint":"fix \u0026 retry"}],"more":0}"#))
    }

    /// Whatever a file name, message or hint holds, the data is one line with no markup
    /// character, and it decodes back to the very text: the escaping loses nothing.
    @Test(arguments: [
        "<script>window.x=1</script>", "<img src=x onerror=\"alert('&amp;')\">",
        "a\r\nevent: reload\r\n\r\ndata: x\n\n",
        "\u{2028}\u{2029}\u{1B}\u{7F}\u{85}\u{0}", "🎲 花子 e\u{301}", #"\"\u003c\\"#, "games/<b>\"x'&y.md",
    ])
    func hostileTextRoundTrips(text: String) throws {
        let frame = ReloadEvent.error([Diagnostic(path: text, location: nil, message: text, hint: text)]).frame
        let lines = frame.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        #expect(lines.count == 4 && lines[0] == "event: error" && lines[2].isEmpty && lines[3].isEmpty)
        let data = try #require(lines.dropFirst().first?.dropFirst(6))
        #expect(!data.unicodeScalars.contains { "<>&'\r\n\u{2028}\u{2029}".unicodeScalars.contains($0) })
        let decoded = try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]
        let shown = try #require((decoded?["diagnostics"] as? [[String: Any]])?.first)
        #expect(shown["path"] as? String == text)
        #expect(shown["message"] as? String == text)
        #expect(shown["hint"] as? String == text)
    }

    /// The overlay puts the channel's text into the page as text: the script has no HTML sink.
    @Test func overlaySetsTextOnly() {
        let script = LiveReloadScript.tag(servedBuild: 1)
        for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "Function(", "srcdoc"] {
            #expect(!script.contains(sink), "\(sink)")
        }
        #expect(script.contains("textContent = d.message"))
    }

    @Test func manyDiagnosticsAreCounted() {
        let many = (1...60).map { Diagnostic(path: "g.md", location: nil, message: "e\($0)") }
        let frame = ReloadEvent.error(many).frame
        #expect(frame.contains("\"message\":\"e50\""))
        #expect(!frame.contains("\"message\":\"e51\""))
        #expect(frame.contains("\"more\":10}"))
    }

    @Test func scriptGoesBeforeTheLastBodyEnd() {
        let page = Array("<html><body><p>&lt;/body&gt;</p></BODY></html>".utf8)
        let injected = String(decoding: LiveReloadScript.inject(into: page, servedBuild: 4), as: UTF8.self)
        #expect(injected.hasPrefix("<html><body><p>&lt;/body&gt;</p><script>"))
        #expect(injected.hasSuffix("</script>\n</BODY></html>"))
        #expect(injected.contains("/_gamenight/events?build=4"))
        let bare = String(decoding: LiveReloadScript.inject(into: Array("<p>hi".utf8), servedBuild: 1), as: UTF8.self)
        #expect(bare.hasPrefix("<p>hi<script>"))
    }
}
