public import Foundation

/// How to store a format as bytes and how to compare two values of it.
/// `diff` is a pure function: it returns what differs and reports nothing itself.
public struct Diffing<Format>: Sendable {
    public var toData: @Sendable (Format) -> Data {
        get { storedToData }
        // `withBytes` lends what the old `toData` made: with another, it no longer holds.
        set {
            storedToData = newValue
            withBytes = nil
        }
    }
    private var storedToData: @Sendable (Format) -> Data
    public var fromData: @Sendable (Data) throws -> Format
    /// Returns nil when `actual` matches `reference`.
    public var diff: @Sendable (_ reference: Format, _ actual: Format, _ context: DiffContext) -> SnapshotDifference?
    /// Lends `body` the bytes `toData` would make, without making them, where the format holds
    /// them already (text): a matching snapshot is compared with its reference in place.
    var withBytes: (@Sendable (_ value: Format, _ body: (UnsafeRawBufferPointer) -> Bool) -> Bool)?

    public init(
        toData: @escaping @Sendable (Format) -> Data,
        fromData: @escaping @Sendable (Data) throws -> Format,
        diff: @escaping @Sendable (_ reference: Format, _ actual: Format, _ context: DiffContext) -> SnapshotDifference?
    ) {
        self.storedToData = toData
        self.fromData = fromData
        self.diff = diff
    }

    init(
        toData: @escaping @Sendable (Format) -> Data,
        fromData: @escaping @Sendable (Data) throws -> Format,
        diff:
            @escaping @Sendable (_ reference: Format, _ actual: Format, _ context: DiffContext) -> SnapshotDifference?,
        withBytes: @escaping @Sendable (_ value: Format, _ body: (UnsafeRawBufferPointer) -> Bool) -> Bool
    ) {
        self.init(toData: toData, fromData: fromData, diff: diff)
        self.withBytes = withBytes
    }
}

/// Where the compared values live, so a diff can name them in its `---`/`+++` headers.
public struct DiffContext: Sendable, Equatable {
    /// Path of the reference, relative to the folder a patch is applied from (the package root).
    public var path: String
    /// Diff lines shown before the rest is left out.
    public var maxLines: Int
    /// Bytes of diff shown before the rest is left out (a 10 MB line must not flood the log).
    public var maxBytes: Int

    public init(path: String = "snapshot", maxLines: Int = 400, maxBytes: Int = 16_000) {
        self.path = path
        self.maxLines = maxLines
        self.maxBytes = maxBytes
    }
}

extension Diffing where Format == String {
    /// UTF-8 text compared line by line; the message is a unified diff.
    public static var lines: Diffing<String> { linesDiffing }
}

/// `Diffing.lines`, made once: every text assertion asks for it, and a debug build's making of
/// four closures costs more than handing out a copy.
private let linesDiffing = Diffing<String>(
    toData: { text in
        // Copied from the string's own UTF-8 storage, not through the generic
        // `Data(_: Sequence)`: this runs on every assertion, and debug builds are slow there.
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return Data() }
            return Data(bytes: base, count: bytes.count)
        }
    },
    fromData: { data in
        // Lossy decoding could make a corrupted reference equal the actual text.
        guard let text = UTF8Text.decode(data) else {
            throw SnapshotError.referenceNotUTF8(byte: UTF8Text.firstInvalidByte(data) ?? 0)
        }
        return text
    },
    diff: { reference, actual, context in
        TextDiff.unified(
            reference, actual, path: context.path, maxLines: context.maxLines, maxBytes: context.maxBytes)
    },
    withBytes: { text, body in
        var text = text
        return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
)
