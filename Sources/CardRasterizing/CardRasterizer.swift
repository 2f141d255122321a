internal import CRsvg

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// Draws an SVG document as a PNG image with librsvg and cairo: bytes in, bytes out.
///
/// Each call has a handle, a surface and a cairo context of its own, so calls on several threads
/// share nothing of ours; librsvg allows one handle per thread, and pango (librsvg's text) keeps
/// a font map per thread. `CardRasterizerTests` draws on many threads at once and compares the
/// bytes. The PNG holds no time or path: the same SVG gives the same bytes on one machine (the
/// glyphs depend on its fonts).
public enum CardRasterizer {
    /// Why an image could not be drawn, in librsvg's or cairo's words.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// The libraries that draw, with their versions as loaded: another librsvg or cairo may
    /// draw the same SVG otherwise, so a cache of drawn cards is kept per identity.
    public static let identity: String = {
        guard case .success(let library) = Library.loaded else { return "librsvg not found" }
        let cairo = library.cairoVersionString().map { String(cString: $0) } ?? "?"
        return "librsvg \(library.rsvgVersion) cairo \(cairo)"
    }()

    /// What draws a card whose text names `families` (each a CSS `font-family` list): the
    /// libraries (`identity`) and, for each list in regular and bold, the font files fontconfig
    /// gives pango in its order of fallback (`FcFontSort`, trimmed to the fonts that add
    /// glyphs), each with its size and modification time. A font installed, removed or updated
    /// that a card's text could be drawn with changes it, so the cards are drawn again; one
    /// call reads fontconfig's cache and a status per font file, a few milliseconds.
    public static func identity(fonts families: [String]) -> String {
        guard case .success(let library) = Library.loaded else { return identity }
        var lines = [identity]
        guard library.initialize() != 0 else { return identity + " without fontconfig" }
        for list in families {
            for weight in [GN_FC_WEIGHT_REGULAR, GN_FC_WEIGHT_BOLD] {
                guard let pattern = library.patternCreate() else { continue }
                defer { library.patternDestroy(pattern) }
                for family in list.split(separator: ",") {
                    _ = library.patternAddString(pattern, "family", String(family.drop { $0 == " " }))
                }
                _ = library.patternAddInteger(pattern, "weight", weight)
                _ = library.configSubstitute(nil, pattern, GN_FC_MATCH_PATTERN)
                library.defaultSubstitute(pattern)
                var result = GN_FC_RESULT_NO_MATCH
                guard let set = library.fontSort(nil, pattern, 1, nil, &result) else { continue }
                defer { library.fontSetDestroy(set) }
                lines.append("\(list) \(weight):")
                for font in UnsafeBufferPointer(start: set.pointee.fonts, count: Int(set.pointee.nfont)) {
                    var file: UnsafeMutablePointer<UInt8>?
                    var index: Int32 = 0
                    guard let font, library.patternGetString(font, "file", 0, &file) == GN_FC_RESULT_MATCH,
                        let file
                    else { continue }
                    _ = library.patternGetInteger(font, "index", 0, &index)
                    let path = String(cString: file)
                    var status = stat()
                    let stamp = stat(path, &status) == 0 ? "\(status.st_size) \(modified(status))" : "missing"
                    lines.append("\(path) \(index) \(stamp)")
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func modified(_ status: stat) -> String {
        #if canImport(Darwin)
            "\(status.st_mtimespec.tv_sec).\(status.st_mtimespec.tv_nsec)"
        #else
            "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
        #endif
    }

    /// `svg` drawn at `width` × `height` pixels (its viewBox scaled to fit), as PNG bytes.
    public static func png(svg: [UInt8], width: Int, height: Int) throws(Failure) -> [UInt8] {
        guard width > 0, height > 0, width <= 8192, height <= 8192 else {
            throw Failure(description: "an image of \(width) × \(height) pixels")
        }
        let library = try Library.loaded.get()
        var error: UnsafeMutablePointer<GNGError>?
        // No base file: librsvg then loads no other file or URL the SVG could name.
        let loaded = svg.withUnsafeBufferPointer { library.handleNewFromData($0.baseAddress, $0.count, &error) }
        guard let handle = loaded else {
            throw Failure(description: takeMessage(&error, or: "the SVG cannot be read", library))
        }
        defer { library.objectUnref(handle) }

        guard let surface = library.imageSurfaceCreate(GN_CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else { throw Failure(description: "cairo cannot make an image") }
        defer { library.surfaceDestroy(surface) }
        guard library.surfaceStatus(surface) == success, let context = library.create(surface) else {
            throw Failure(description: "cairo cannot make an image: " + status(library.surfaceStatus(surface), library))
        }
        defer { library.destroy(context) }
        var viewport = GNRsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        guard library.renderDocument(handle, context, &viewport, &error) != 0 else {
            throw Failure(description: takeMessage(&error, or: "librsvg cannot draw the SVG", library))
        }
        guard library.status(context) == success else {
            throw Failure(description: "cairo: " + status(library.status(context), library))
        }
        library.surfaceFlush(surface)

        var png: [UInt8] = []
        png.reserveCapacity(64 * 1024)
        let written = withUnsafeMutablePointer(to: &png) { output in
            library.writeToPNGStream(
                surface,
                { closure, data, length in
                    guard let closure, let data else { return GN_CAIRO_STATUS_WRITE_ERROR }
                    closure.assumingMemoryBound(to: [UInt8].self).pointee.append(
                        contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                    return GN_CAIRO_STATUS_SUCCESS
                }, output)
        }
        guard written == success else {
            throw Failure(description: "cairo cannot write the PNG: " + status(written, library))
        }
        return png
    }

    private static let success = GN_CAIRO_STATUS_SUCCESS

    private static func takeMessage(
        _ error: inout UnsafeMutablePointer<GNGError>?, or fallback: String, _ library: Library
    ) -> String {
        guard let raised = error else { return fallback }
        defer {
            library.errorFree(raised)
            error = nil
        }
        guard let message = raised.pointee.message else { return fallback }
        return String(cString: message)
    }

    private static func status(_ status: Int32, _ library: Library) -> String {
        guard let text = library.statusToString(status) else { return "status \(status)" }
        return String(cString: text)
    }
}

/// librsvg and the libraries it draws with, opened the first time a card is drawn or named, once
/// per process. `dlsym` on librsvg's handle finds cairo's, fontconfig's and GLib's functions too:
/// they are its dependencies.
struct Library: Sendable {
    let rsvgVersion: String
    let handleNewFromData: GNRsvgHandleNewFromData
    let renderDocument: GNRsvgHandleRenderDocument
    let objectUnref: GNGObjectUnref
    let errorFree: GNGErrorFree
    let cairoVersionString: GNCairoVersionString
    let imageSurfaceCreate: GNCairoImageSurfaceCreate
    let surfaceDestroy: GNCairoSurfaceDestroy
    let surfaceStatus: GNCairoSurfaceStatus
    let surfaceFlush: GNCairoSurfaceFlush
    let create: GNCairoCreate
    let destroy: GNCairoDestroy
    let status: GNCairoStatus
    let statusToString: GNCairoStatusToString
    let writeToPNGStream: GNCairoSurfaceWriteToPNGStream
    let initialize: GNFcInit
    let patternCreate: GNFcPatternCreate
    let patternDestroy: GNFcPatternDestroy
    let patternAddString: GNFcPatternAddString
    let patternAddInteger: GNFcPatternAddInteger
    let configSubstitute: GNFcConfigSubstitute
    let defaultSubstitute: GNFcDefaultSubstitute
    let fontSort: GNFcFontSort
    let fontSetDestroy: GNFcFontSetDestroy
    let patternGetString: GNFcPatternGetString
    let patternGetInteger: GNFcPatternGetInteger

    /// Debian's and Homebrew's names of librsvg 2.
    static let names = [
        "librsvg-2.so.2", "librsvg-2.2.dylib", "/opt/homebrew/lib/librsvg-2.2.dylib",
        "/usr/local/lib/librsvg-2.2.dylib",
    ]

    static let loaded = open(names)

    /// The first of `names` that opens, with every function the rasteriser calls.
    static func open(_ names: [String]) -> Result<Library, CardRasterizer.Failure> {
        Result { () throws(CardRasterizer.Failure) in
            guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
                throw CardRasterizer.Failure(
                    description:
                        "librsvg is not installed, so no link-preview card can be drawn: install it (Debian: apt-get install librsvg2-2, Homebrew: brew install librsvg) or build with --no-cards"
                )
            }
            func address(_ name: String) throws(CardRasterizer.Failure) -> UnsafeMutableRawPointer {
                guard let address = dlsym(handle, name) else {
                    throw CardRasterizer.Failure(
                        description: "the librsvg found has no \(name): install librsvg 2.46 or later")
                }
                return address
            }
            func symbol<Function>(_ name: String) throws(CardRasterizer.Failure) -> Function {
                unsafeBitCast(try address(name), to: Function.self)
            }
            func version(_ name: String) throws(CardRasterizer.Failure) -> UInt32 {
                try address(name).load(as: UInt32.self)
            }
            return Library(
                rsvgVersion:
                    "\(try version("rsvg_major_version")).\(try version("rsvg_minor_version")).\(try version("rsvg_micro_version"))",
                handleNewFromData: try symbol("rsvg_handle_new_from_data"),
                renderDocument: try symbol("rsvg_handle_render_document"),
                objectUnref: try symbol("g_object_unref"),
                errorFree: try symbol("g_error_free"),
                cairoVersionString: try symbol("cairo_version_string"),
                imageSurfaceCreate: try symbol("cairo_image_surface_create"),
                surfaceDestroy: try symbol("cairo_surface_destroy"),
                surfaceStatus: try symbol("cairo_surface_status"),
                surfaceFlush: try symbol("cairo_surface_flush"),
                create: try symbol("cairo_create"),
                destroy: try symbol("cairo_destroy"),
                status: try symbol("cairo_status"),
                statusToString: try symbol("cairo_status_to_string"),
                writeToPNGStream: try symbol("cairo_surface_write_to_png_stream"),
                initialize: try symbol("FcInit"),
                patternCreate: try symbol("FcPatternCreate"),
                patternDestroy: try symbol("FcPatternDestroy"),
                patternAddString: try symbol("FcPatternAddString"),
                patternAddInteger: try symbol("FcPatternAddInteger"),
                configSubstitute: try symbol("FcConfigSubstitute"),
                defaultSubstitute: try symbol("FcDefaultSubstitute"),
                fontSort: try symbol("FcFontSort"),
                fontSetDestroy: try symbol("FcFontSetDestroy"),
                patternGetString: try symbol("FcPatternGetString"),
                patternGetInteger: try symbol("FcPatternGetInteger"))
        }
    }
}
