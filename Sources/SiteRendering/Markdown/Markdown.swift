// The only file that talks to libcmark.
import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// CommonMark to HTML with libcmark. Safe by default: raw HTML in notes is replaced by
/// `<!-- raw HTML omitted -->` and `javascript:`/`vbscript:`/`file:` links are dropped.
public struct Markdown: Sendable {
    /// Passes raw HTML and dangerous links through (`--unsafe-html`), for trusted sources only.
    public var allowsUnsafeHTML: Bool
    /// Straight quotes become curly ones, `--` and `---` dashes, `...` an ellipsis (cmark's
    /// smart punctuation); on by default, off with `--no-smart-punctuation`.
    public var smartPunctuation: Bool

    public init(allowsUnsafeHTML: Bool = false, smartPunctuation: Bool = true) {
        self.allowsUnsafeHTML = allowsUnsafeHTML
        self.smartPunctuation = smartPunctuation
    }

    public func html(_ markdown: String) -> String {
        var options = CMARK_OPT_DEFAULT
        if smartPunctuation { options |= CMARK_OPT_SMART }
        if allowsUnsafeHTML { options |= CMARK_OPT_UNSAFE }
        var markdown = markdown
        return markdown.withUTF8 { bytes in
            guard let base = bytes.baseAddress,
                let rendered = cmark_markdown_to_html(
                    UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), bytes.count, options)
            else { return "" }
            // cmark mallocs the result; we own it.
            defer { free(rendered) }
            return String(cString: rendered)
        }
    }
}
