import SiteRendering
import Testing

@Suite("Escaping and SVG")
struct EscapingTests {
    @Test(arguments: [
        ("<script>", "&lt;script&gt;"),
        ("\"onload=\"x", "&quot;onload=&quot;x"),
        ("Tom & 'Jerry'", "Tom &amp; &#39;Jerry&#39;"),
        ("a\u{0}b\u{1B}c", "a\u{FFFD}b\u{FFFD}c"),
        ("line\nbreak\ttab", "line\nbreak\ttab"),
        // An override, embedding or isolate the text leaves open is closed at its end, so it
        // cannot turn the page's own text around it; closed ones and stray closers stay as they are.
        ("\u{202E}evil", "\u{202E}evil\u{202C}"),
        ("\u{202E}evil\u{202C} name", "\u{202E}evil\u{202C} name"),
        ("\u{2067}a\u{202D}b", "\u{2067}a\u{202D}b\u{202C}\u{2069}"),
        ("\u{2067}a\u{202D}b\u{2069}c\u{202B}", "\u{2067}a\u{202D}b\u{2069}c\u{202B}\u{202C}"),
        ("\u{202C}\u{2069}stray", "\u{202C}\u{2069}stray"),
        ("\u{202A}<\u{202B}\u{2066}\u{2068}", "\u{202A}&lt;\u{202B}\u{2066}\u{2068}\u{2069}\u{2069}\u{202C}\u{202C}"),
        ("en – dash ’quote’ …", "en – dash ’quote’ …"),
        ("x\u{FFFE}y\u{FFFF}", "x\u{FFFD}y\u{FFFD}"),
        ("ｱ\u{FFFD}\u{FFEE}<", "ｱ\u{FFFD}\u{FFEE}&lt;"),
        ("Plain text, café — 👑", "Plain text, café — 👑"),
        ("", ""),
        ("ends in \u{EF}", "ends in \u{EF}"),
    ])
    func markup(input: String, escaped: String) {
        #expect(Escape.markup(input) == escaped)
    }

    /// Plain text owes the same closers as markup, and nothing else changes.
    @Test(arguments: [
        "\u{202E}evil", "\u{202E}evil\u{202C} name", "\u{2067}a\u{202D}b", "\u{2067}a\u{202D}b\u{2069}c\u{202B}",
        "\u{202C}\u{2069}stray", "\u{202A}x\u{202B}\u{2066}\u{2068}", "en – dash ’quote’ …", "", "ends in \u{E2}\u{80}",
    ])
    func closingBidi(text: String) {
        let closed = Escape.closingBidi(text)
        #expect(closed.hasPrefix(text))
        #expect(Escape.markup(closed) == Escape.markup(text))
        #expect(Escape.closingBidi(closed) == closed)
    }

    @Test func svgEscapesEveryTextAndAttribute() {
        let name = "<script>alert(\"x\")</script>"
        let svg = SVG.document(
            width: 10, height: 10, title: name, description: "d & e",
            children: [
                SVG("text", [("x", "1\" onload=\"alert(1)")], text: name)
            ]
        ).render()
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("\" onload"))
        #expect(svg.contains("<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</title>"))
        #expect(svg.contains("x=\"1&quot; onload=&quot;alert(1)\""))
    }

    @Test func emptyElementsSelfClose() {
        #expect(SVG("rect", [("x", "1")]).render() == "<rect x=\"1\"/>\n")
    }
}
