/// Paths compared as a file system compares them, byte for byte. `String` takes a name and its
/// other Unicode normalisation (`café` composed or decomposed) for equal, and a file system
/// holds both as two names: a containment check by `hasPrefix` lets a link into a folder's
/// twin pass as inside the folder, and a set of path strings takes the twins for one folder.
extension String {
    /// Whether this path is `folder` (with or without a trailing `/`) or lies inside it.
    public func isPath(inside folder: String) -> Bool {
        var base = folder.utf8[...]
        while base.last == UInt8(ascii: "/") { base = base.dropLast() }
        let path = utf8
        guard path.starts(with: base) else { return false }
        let rest = path.dropFirst(base.count)
        return rest.isEmpty || rest.first == UInt8(ascii: "/")
    }
}
