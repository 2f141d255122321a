import SiteRendering
import Testing

@Suite("Markdown notes (cmark)")
struct MarkdownTests {
    @Test(
        "CommonMark basics",
        arguments: [
            ("Andre took the **longest road**.", "<p>Andre took the <strong>longest road</strong>.</p>\n"),
            ("1. pass\n2. hold", "<ol>\n<li>pass</li>\n<li>hold</li>\n</ol>\n"),
            ("[rules](https://example.org/rules)", "<p><a href=\"https://example.org/rules\">rules</a></p>\n"),
            ("", ""),
            ("Ünïcödé — 日本語 🎲", "<p>Ünïcödé — 日本語 🎲</p>\n"),
        ])
    func basics(markdown: String, html: String) {
        #expect(Markdown().html(markdown) == html)
    }

    @Test(
        "Safe by default: raw HTML omitted, dangerous links dropped",
        arguments: [
            ("<script>alert(1)</script>", "<!-- raw HTML omitted -->"),
            ("hi <img src=x onerror=alert(1)>", "<p>hi <!-- raw HTML omitted --></p>"),
            ("[x](javascript:alert(1))", "<p><a href=\"\">x</a></p>"),
            ("[x](vbscript:msgbox)", "<p><a href=\"\">x</a></p>"),
            ("![x](data:text/html;base64,PHNjcmlwdD4=)", "<p><img src=\"\" alt=\"x\" /></p>"),
        ])
    func safe(markdown: String, html: String) {
        let rendered = Markdown().html(markdown)
        #expect(rendered.trimmingSuffix() == html)
        #expect(!rendered.contains("<script"))
        #expect(!rendered.contains("javascript:"))
    }

    @Test func unsafeModePassesRawHTMLThrough() {
        #expect(Markdown(allowsUnsafeHTML: true).html("<b>bold</b>") == "<p><b>bold</b></p>\n")
    }

    @Test(
        "Smart punctuation by default; straight as typed without it",
        arguments: [
            (true, "<p>\u{201C}Go\u{201D} \u{2013} it\u{2019}s mine\u{2026} \u{2014} Ann</p>\n"),
            (false, "<p>&quot;Go&quot; -- it's mine... --- Ann</p>\n"),
        ])
    func smartPunctuation(smart: Bool, html: String) {
        #expect(Markdown(smartPunctuation: smart).html("\"Go\" -- it's mine... --- Ann") == html)
    }

    @Test("Embedded NUL bytes do not cut the text short")
    func nul() {
        #expect(Markdown().html("a\u{0}b") == "<p>a\u{FFFD}b</p>\n")
    }
}

extension String {
    func trimmingSuffix() -> String {
        var text = self
        while text.last?.isNewline == true { text.removeLast() }
        return text
    }
}
