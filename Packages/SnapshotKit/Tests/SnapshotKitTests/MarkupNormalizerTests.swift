import Testing
@testable import SnapshotKitCore

@Suite struct MarkupNormalizerTests {
    @Test(arguments: [
        ("<p b='2' a=1 c>x</p>", "<p a=\"1\" b=\"2\" c>x</p>\n"),
        ("<P CLASS=x>Hi</P>", "<p class=\"x\">Hi</p>\n"),
        ("<ul><li>a</li><li>b</li></ul>", "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n"),
        ("<div><br><img src='a.png'/>text</div>", "<div><br><img src=\"a.png\">text</div>\n"),
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

/// Whitespace between inline pieces is part of what the page shows, so two inputs that render
/// differently must never normalize to the same text.
@Suite struct SignificantWhitespaceTests {
    @Test(arguments: [
        ("<p>Hello <b>world</b>!</p>", "<p>Hello<b>world</b>!</p>"),
        ("<p><i>a</i> <i>b</i></p>", "<p><i>a</i><i>b</i></p>"),
        ("<div>x <span>y</span></div>", "<div>x<span>y</span></div>"),
        ("<li>one <a href=#>two</a></li>", "<li>one<a href=#>two</a></li>"),
    ])
    func htmlInlineWhitespace(spaced: String, joined: String) {
        #expect(MarkupNormalizer.normalize(spaced, dialect: .html) != MarkupNormalizer.normalize(joined, dialect: .html))
    }

    @Test func svgTextWhitespace() {
        let spaced = "<svg><text><tspan>a</tspan> <tspan>b</tspan></text></svg>"
        let joined = "<svg><text><tspan>a</tspan><tspan>b</tspan></text></svg>"
        #expect(MarkupNormalizer.normalize(spaced, dialect: .xml) != MarkupNormalizer.normalize(joined, dialect: .xml))
    }

    /// Layout-only whitespace (between blocks, indentation) still doesn't matter.
    @Test func blockWhitespaceIsIgnored() {
        let compact = "<ul><li>a <b>b</b></li><li>c</li></ul>"
        let indented = "<ul>\n  <li>a\n   <b>b</b>\n  </li>\n  <li> c </li>\n</ul>\n"
        #expect(MarkupNormalizer.normalize(compact, dialect: .html) == MarkupNormalizer.normalize(indented, dialect: .html))
        #expect(MarkupNormalizer.normalize(compact, dialect: .html) == "<ul>\n  <li>a <b>b</b></li>\n  <li>c</li>\n</ul>\n")
    }
}
