/// Splits HTML or XML into tokens. Forgiving: malformed markup becomes text, never an error,
/// because a snapshot of broken output should show the breakage rather than fail to render.
struct MarkupTokenizer {
    let bytes: [UInt8]
    let dialect: MarkupDialect
    var position = 0
    /// The document ends inside a tag (a quoted value that never closes): the rest is one
    /// verbatim piece, to which a line break after it would belong.
    private(set) var endsInTag = false

    init(_ text: String, dialect: MarkupDialect) {
        self.bytes = Array(text.utf8)
        self.dialect = dialect
    }

    mutating func tokens() -> [MarkupToken] {
        var tokens: [MarkupToken] = []
        var textStart = position
        func flushText(upTo end: Int) {
            if end > textStart { tokens.append(.text(string(textStart..<end))) }
        }
        while position < bytes.count {
            guard bytes[position] == UInt8(ascii: "<"), let (token, next) = markup(at: position) else {
                position += 1
                continue
            }
            flushText(upTo: position)
            tokens.append(token)
            if case .verbatim(let text) = token, next == bytes.count, !text.hasPrefix("<!"), !text.hasPrefix("<?") {
                endsInTag = true
            }
            position = next
            if case .start(let name, _, false) = token, dialect.rawTextElements.contains(name) {
                // Nothing ends plaintext: the rest of the document is its text.
                let end = name == "plaintext" ? bytes.count : rawTextEnd(of: name, from: position)
                if end > position { tokens.append(.raw(string(position..<end))) }
                position = end
            }
            textStart = position
        }
        flushText(upTo: bytes.count)
        return tokens
    }

    /// Where the raw text of `name` ends: at its own end tag, read as any end tag is, so that
    /// `</titletab>` in a `title` is text, as HTML's tokenizer reads it; else at the end.
    private func rawTextEnd(of name: String, from start: Int) -> Int {
        let close = Array("</\(name)".utf8)
        var from = start
        while let candidate = find(close, from: from, ignoringCase: true) {
            if case (.end(name), _)? = markup(at: candidate) { return candidate }
            from = candidate + 1
        }
        return bytes.count
    }

    private static let verbatimDelimiters: [(StaticString, StaticString)] = [
        ("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>"), ("<!", ">"),
    ]

    private func markup(at start: Int) -> (MarkupToken, Int)? {
        for (open, close) in Self.verbatimDelimiters {
            guard has(open, at: start) else { continue }
            let closing = close.withUTF8Buffer { Array($0) }
            guard let end = find(closing, from: start + open.utf8CodeUnitCount, ignoringCase: false) else { return nil }
            let next = end + closing.count
            return (.verbatim(string(start..<next)), next)
        }
        var index = start + 1
        let isEnd = index < bytes.count && bytes[index] == UInt8(ascii: "/")
        if isEnd { index += 1 }
        guard index < bytes.count, isNameStart(bytes[index]) else { return nil }
        let nameStart = index
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
        let name = dialect.tagName(string(nameStart..<index))
        if isEnd {
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            return (.end(name: name), close + 1)
        }
        var attributes: [MarkupAttribute] = []
        while true {
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ">") {
                return (.start(name: name, attributes: attributes, selfClosing: false), index + 1)
            }
            if has("/>", at: index) {
                return (.start(name: name, attributes: attributes, selfClosing: true), index + 2)
            }
            // A "/" not before ">" is no attribute: HTML's tokenizer ignores it.
            if bytes[index] == UInt8(ascii: "/") {
                index += 1
                continue
            }
            let attributeStart = index
            while index < bytes.count, !isSpace(bytes[index]),
                ![UInt8(ascii: "="), UInt8(ascii: ">")].contains(bytes[index]), !has("/>", at: index)
            { index += 1 }
            guard index > attributeStart else { return nil }
            let attributeName = dialect.attributeName(string(attributeStart..<index))
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                attributes.append(MarkupAttribute(name: attributeName, value: nil))
                continue
            }
            index += 1
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { return nil }
            let quote = bytes[index]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                // A value that never closes holds the rest of the document, as in HTML: kept
                // as written, since a quote in a tag written after it would close it next time.
                guard let close = bytes[(index + 1)...].firstIndex(of: quote) else {
                    return (.verbatim(string(start..<bytes.count)), bytes.count)
                }
                var value = string((index + 1)..<close)
                if quote == UInt8(ascii: "'") { value = value.replacingAll("\"", with: "&quot;") }
                attributes.append(MarkupAttribute(name: attributeName, value: value))
                index = close + 1
            } else {
                let valueStart = index
                // HTML keeps a "/" in an unquoted value (`src=a.png/>` is "a.png/"); XML ends there.
                while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"),
                    !(dialect == .xml && has("/>", at: index))
                { index += 1 }
                // Written double-quoted, so a quote in an unquoted value is escaped.
                attributes.append(
                    MarkupAttribute(
                        name: attributeName, value: string(valueStart..<index).replacingAll("\"", with: "&quot;")))
            }
        }
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func has(_ literal: StaticString, at index: Int) -> Bool {
        literal.withUTF8Buffer { literal in
            index + literal.count <= bytes.count && bytes[index..<(index + literal.count)].elementsEqual(literal)
        }
    }

    private func find(_ needle: [UInt8], from start: Int, ignoringCase: Bool) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            var matches = true
            for offset in 0..<needle.count {
                let a = bytes[index + offset]
                let b = needle[offset]
                if a != b && !(ignoringCase && lower(a) == lower(b)) {
                    matches = false
                    break
                }
            }
            if matches { return index }
            index += 1
        }
        return nil
    }

    private func lower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    private func isNameStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower(byte)) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
