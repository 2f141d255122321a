extension String {
    /// The bytes as text when they are UTF-8, nil otherwise. `String(validating:as:)` needs
    /// macOS 15 and the package supports macOS 14, where the same check is made by hand.
    package init?(validUTF8 bytes: some Collection<UInt8>) {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
            self = text
        } else {
            guard Self.isValidUTF8(bytes) else { return nil }
            self = String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Whether the bytes are well-formed UTF-8 (no overlong forms, surrogates or scalars past
    /// U+10FFFF), as `String(validating:as:)` decides.
    static func isValidUTF8(_ bytes: some Collection<UInt8>) -> Bool {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .error: return false
            case .emptyInput: return true
            }
        }
    }
}
