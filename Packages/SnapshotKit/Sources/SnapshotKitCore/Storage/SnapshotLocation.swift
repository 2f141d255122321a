public import Foundation

/// Where one assertion's reference lives:
/// `<package root>/__Snapshots__/<test file>/<suite>/<test name>.<name or counter>.<ext>`, where
/// `<test file>` is the test file's path under `Tests/` without `.swift`
/// (`Tests/SiteRenderingTests/PageTests.swift` gives `SiteRenderingTests/PageTests`), so files
/// of the same name in two test targets never share references, and `<suite>` is the Swift
/// Testing suite (a folder per nesting level) or the XCTestCase class; a test outside any
/// suite has none. Names are encoded by `encode`.
public struct SnapshotLocation: Sendable, Hashable {
    public static let folderName = "__Snapshots__"
    /// Pending outputs live in `<root>/.snapshots-pending/`, outside `__Snapshots__`, so no
    /// reference, whatever its name (`x.new`, `x.diff`), is ever taken for one:
    /// `.snapshots-pending/<reference path>` holds a file's actual output,
    /// `.snapshots-pending/diffs.log` the strategies' diffs of them (`PendingDiffLog`, for
    /// `snapshots status` and `review`, which can't run a strategy), and
    /// `.snapshots-pending/trees/<reference path, encoded as one name>` a folder snapshot's
    /// actual tree. Reference paths start with `__Snapshots__/`, so these never meet. Older
    /// versions kept each diff at `.snapshots-pending/diffs/<reference path>`, which is still
    /// deleted with its output.
    public static let pendingFolderName = ".snapshots-pending"

    public let packageRoot: URL
    /// Relative to the package root, with "/" separators.
    public let relativePath: String
    /// Absolute paths as strings: cheaper than URLs on the hot path of a matching snapshot.
    let rootPath: String
    let referencePath: String

    public init(packageRoot: URL, relativePath: String) {
        self.init(packageRoot: packageRoot, rootPath: packageRoot.path, relativePath: relativePath)
    }

    /// With the root's path given: `URL.path` costs more than the rest of making a location.
    init(packageRoot: URL, rootPath: String, relativePath: String) {
        self.packageRoot = packageRoot
        self.rootPath = rootPath
        self.relativePath = relativePath
        self.referencePath = rootPath + "/" + relativePath
    }

    var pendingPath: String { rootPath + "/" + Self.pendingFolderName + "/" + relativePath }
    var pendingTreePath: String { rootPath + "/" + Self.pendingTreeRelativePath(relativePath) }
    var pendingDiffPath: String { rootPath + "/" + Self.pendingFolderName + "/diffs/" + relativePath }

    static func pendingTreeRelativePath(_ relativePath: String) -> String {
        pendingFolderName + "/trees/" + encode(relativePath)
    }

    public var reference: URL { packageRoot.appendingPathComponent(relativePath) }

    /// What every reference of this reference's test starts with: `<folders>/<test>.`; nil
    /// when the name has no dot (not a name this library makes).
    public var testPrefix: String? { Self.testPrefix(of: relativePath) }

    static func testPrefix(of relativePath: String) -> String? {
        // On the UTF-8 bytes with while loops: a Character search is a tenth of a matching
        // assertion's time in a debug build, and this runs on every one under the trait.
        UTF8Text.withBytes(relativePath) { bytes -> String? in
            guard let base = bytes.baseAddress else { return nil }
            var start = bytes.count
            while start > 0 && base[start - 1] != UInt8(ascii: "/") { start -= 1 }
            var dot = start
            while dot < bytes.count && base[dot] != UInt8(ascii: ".") { dot += 1 }
            guard dot < bytes.count else { return nil }
            return String(decoding: UnsafeBufferPointer(start: base, count: dot + 1), as: UTF8.self)
        }
    }
    /// The actual output of a failing assertion, waiting for `snapshots accept`: a file, or a
    /// folder for a folder snapshot.
    public var pending: URL { packageRoot.appendingPathComponent(pendingRelativePath) }

    /// The pending output's path relative to the package root (the file's unless a tree is pending).
    public var pendingRelativePath: String {
        FileSystem.isDirectory(URL(fileURLWithPath: pendingTreePath))
            ? Self.pendingTreeRelativePath(relativePath) : Self.pendingFolderName + "/" + relativePath
    }

    /// Deletes the pending output and its diff.
    /// One unlink in the common case (nothing pending).
    func removePending() throws {
        if unlink(pendingPath) == 0 {
            _ = unlink(pendingDiffPath)
            return
        }
        if errno != ENOENT {
            try FileSystem.remove(path: pendingPath)
            try FileSystem.remove(path: pendingDiffPath)
        }
        // A folder snapshot's pending tree (a file's diff exists only beside its output), renamed
        // out of the listing first: a removal that stops half-way must not leave part of a tree
        // pending, for `accept` to make the reference. A hidden name is never listed.
        if access(pendingTreePath, F_OK) == 0 {
            let slash =
                pendingTreePath.lastIndex(of: "/").map { pendingTreePath.index(after: $0) }
                ?? pendingTreePath.startIndex
            let aside =
                String(pendingTreePath[..<slash]) + "." + String(pendingTreePath[slash...])
                + ".\(UUID().uuidString).removed"
            guard rename(pendingTreePath, aside) == 0 else {
                throw NSError(
                    domain: NSPOSIXErrorDomain, code: Int(errno), userInfo: [NSFilePathErrorKey: pendingTreePath])
            }
            try FileSystem.remove(path: aside)
        }
    }

    /// Whether the pending file is byte for byte its reference (sizes are compared first).
    var isStale: Bool {
        let manager = FileManager.default
        guard let a = try? manager.attributesOfItem(atPath: referencePath),
            let b = try? manager.attributesOfItem(atPath: pendingPath),
            a[.type] as? FileAttributeType == .typeRegular, b[.type] as? FileAttributeType == .typeRegular,
            a[.size] as? Int == b[.size] as? Int
        else { return false }
        return manager.contentsEqual(atPath: referencePath, andPath: pendingPath)
    }

    /// `<folders>/<test>.` of a test's references, which the identifier and extension follow.
    static func start(_ testFile: TestFile, suite: [String], testName: String) -> String {
        var path = folderName + "/" + testFile.folder
        for part in suite {
            path += "/"
            path += encodeComponent(part)
        }
        path += "/"
        path += encodeComponent(functionName(testName))
        path += "."
        return path
    }

    /// A function's name from `#function`: `home()` is `home`, `renders(game:)` is `renders`,
    /// and a raw identifier's `page (home)()` is `page (home)` (the argument list is the last
    /// parenthesis, which labels never contain).
    static func functionName(_ function: String) -> String {
        guard function.hasSuffix(")"), let open = function.lastIndex(of: "("), open > function.startIndex else {
            return function
        }
        return String(function[..<open])
    }

    /// The test file's path below `Tests/` (or the package root) without `.swift`, each part
    /// encoded like a name, so distinct files (`Page Tests.swift`, `Page-Tests.swift`) never
    /// share a folder and the file can be found again.
    static func folder(for testFile: String, root: URL) -> String {
        let file = URL(fileURLWithPath: testFile).standardizedFileURL.deletingPathExtension().path
        let rootPath = root.standardizedFileURL.path
        var relative =
            file.hasPrefix(rootPath + "/")
            ? String(file.dropFirst(rootPath.count + 1)) : URL(fileURLWithPath: file).lastPathComponent
        if relative.hasPrefix("Tests/") { relative.removeFirst("Tests/".count) }
        return relative.split(separator: "/").map { encodeComponent(String($0)) }.joined(separator: "/")
    }

    /// `encode`, with a leading "." as `%2E`: a whole path component is then never hidden,
    /// `.` or `..`.
    static func encodeComponent(_ name: String) -> String {
        let encoded = encode(name)
        return encoded.hasPrefix(".") ? "%2E" + encoded.dropFirst() : encoded
    }

    /// The bytes `encode` keeps as they are (as `isKept` says), for strspn.
    private static let keptBytes = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-."

    /// A snapshot, suite or test name as part of a file name: ASCII letters, digits, `_`, `-`
    /// and `.` stay as they are, every other UTF-8 byte becomes `%XX` (`chart(2024)` is
    /// `chart%282024%29`, `a/b` is `a%2Fb`). Distinct names give distinct file names, and
    /// `decode` gives the name back. A name is never a whole path component (it follows
    /// `<test>.`), so `.` and `..` cannot climb out of the folder.
    public static func encode(_ name: String) -> String {
        // Byte checks, not Unicode properties: this runs on every assertion.
        func isKept(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
                true
            default: false
            }
        }
        // strspn, not a Swift loop over the bytes: a debug build makes a call per byte of that.
        if name.withCString({ strspn($0, keptBytes) }) == name.utf8.count { return name }
        let hex = Array("0123456789ABCDEF".utf8)
        var result: [UInt8] = []
        for byte in name.utf8 {
            if isKept(byte) {
                result.append(byte)
            } else {
                result += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The name `encode` made `encoded` from; nil when it is not such an encoding.
    public static func decode(_ encoded: String) -> String? {
        var bytes: [UInt8] = []
        var utf8 = encoded.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.popFirst(), let low = utf8.popFirst(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
        }
        return String(bytes: bytes, encoding: .utf8)
    }
}
