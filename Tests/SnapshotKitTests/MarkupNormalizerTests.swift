import Testing
@testable import SnapshotKitCore

@Suite struct MarkupNormalizerTests {
    @Test(arguments: [
        ("<p b='2' a=1 c>x</p>", "<p a=\"1\" b=\"2\" c>x</p>\n"),
        ("<P CLASS=x>Hi</P>", "<p class=\"x\">Hi</p>\n"),
        ("<ul><li>a</li><li>b</li></ul>", "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n"),
        ("<div><br><img src='a.png'/>text</div>", "<div>\n  <br>\n  <img src=\"a.png\">\n  text\n</div>\n"),
        // As browsers read it: an unquoted value keeps the slash.
        ("<img src=a.png/>", "<img src=\"a.png/\">\n"),
        ("<pre> a\n  b </pre>", "<pre> a\n  b </pre>\n"),
        ("<script>if (a<b) {}</script>", "<script>if (a<b) {}</script>\n"),
        ("<!-- c --><p>\n  many    spaces \n</p>", "<!-- c -->\n<p>many spaces</p>\n"),
        ("<p title='say \"hi\"'></p>", "<p title=\"say &quot;hi&quot;\"></p>\n"),
        ("a < b and <3", "a < b and <3\n"),
        ("", ""),
    ])
    func html(input: String, expected: String) {
        #expect(MarkupNormalizer.normalize(input, dialect: .html) == expected)
    }

    @Test func xmlKeepsCaseAndSelfClosingTags() {
        let svg = "<svg viewBox='0 0 1 1'><linearGradient id=g/><path d='M0 0'/></svg>"
        #expect(MarkupNormalizer.normalize(svg, dialect: .xml) == """
            <svg viewBox="0 0 1 1">
              <linearGradient id="g"/>
              <path d="M0 0"/>
            </svg>

            """)
    }

    @Test func normalizingIsStable() {
        let page = "<html><body><main id=m class=c><h1>T</h1><p>a <i>b</i></p></main></body></html>"
        let once = MarkupNormalizer.normalize(page, dialect: .html)
        #expect(MarkupNormalizer.normalize(once, dialect: .html) == once)
    }
}
