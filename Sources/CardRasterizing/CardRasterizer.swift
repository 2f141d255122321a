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
        let cairo = cairo_version_string().map { String(cString: $0) } ?? "?"
        return "librsvg \(rsvg_major_version).\(rsvg_minor_version).\(rsvg_micro_version) cairo \(cairo)"
    }()

    /// What draws a card whose text names `families` (each a CSS `font-family` list): the
    /// libraries (`identity`) and, for each list in regular and bold, the font files fontconfig
    /// gives pango in its order of fallback (`FcFontSort`, trimmed to the fonts that add
    /// glyphs), each with its size and modification time. A font installed, removed or updated
    /// that a card's text could be drawn with changes it, so the cards are drawn again; one
    /// call reads fontconfig's cache and a status per font file, a few milliseconds.
    public static func identity(fonts families: [String]) -> String {
        var lines = [identity]
        guard FcInit() != 0 else { return identity + " without fontconfig" }
        for list in families {
            for weight in [FC_WEIGHT_REGULAR, FC_WEIGHT_BOLD] {
                guard let pattern = FcPatternCreate() else { continue }
                defer { FcPatternDestroy(pattern) }
                for family in list.split(separator: ",") {
                    _ = FcPatternAddString(pattern, FC_FAMILY, String(family.drop { $0 == " " }))
                }
                _ = FcPatternAddInteger(pattern, FC_WEIGHT, weight)
                _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
                FcDefaultSubstitute(pattern)
                var result = FcResultNoMatch
                guard let set = FcFontSort(nil, pattern, FcBool(FcTrue), nil, &result) else { continue }
                defer { FcFontSetDestroy(set) }
                lines.append("\(list) \(weight):")
                for font in UnsafeBufferPointer(start: set.pointee.fonts, count: Int(set.pointee.nfont)) {
                    var file: UnsafeMutablePointer<FcChar8>?
                    var index: Int32 = 0
                    guard let font, FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else {
                        continue
                    }
                    _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
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
        var error: UnsafeMutablePointer<GError>?
        // No base file: librsvg then loads no other file or URL the SVG could name.
        let loaded = svg.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error) }
        guard let handle = loaded else { throw Failure(description: takeMessage(&error, or: "the SVG cannot be read")) }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }

        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw Failure(description: "cairo cannot make an image")
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            throw Failure(description: "cairo cannot make an image: " + status(cairo_surface_status(surface)))
        }
        defer { cairo_destroy(context) }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        guard rsvg_handle_render_document(handle, context, &viewport, &error) != 0 else {
            throw Failure(description: takeMessage(&error, or: "librsvg cannot draw the SVG"))
        }
        guard cairo_status(context) == CAIRO_STATUS_SUCCESS else {
            throw Failure(description: "cairo: " + status(cairo_status(context)))
        }
        cairo_surface_flush(surface)

        var png: [UInt8] = []
        png.reserveCapacity(64 * 1024)
        let written = withUnsafeMutablePointer(to: &png) { output in
            cairo_surface_write_to_png_stream(
                surface,
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                    closure.assumingMemoryBound(to: [UInt8].self).pointee.append(
                        contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                    return CAIRO_STATUS_SUCCESS
                }, output)
        }
        guard written == CAIRO_STATUS_SUCCESS else {
            throw Failure(description: "cairo cannot write the PNG: " + status(written))
        }
        return png
    }

    private static func takeMessage(_ error: inout UnsafeMutablePointer<GError>?, or fallback: String) -> String {
        guard let raised = error else { return fallback }
        defer {
            g_error_free(raised)
            error = nil
        }
        guard let message = raised.pointee.message else { return fallback }
        return String(cString: message)
    }

    private static func status(_ status: cairo_status_t) -> String {
        guard let text = cairo_status_to_string(status) else { return "status \(status.rawValue)" }
        return String(cString: text)
    }
}
