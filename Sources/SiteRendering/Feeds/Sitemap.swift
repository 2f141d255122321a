/// `sitemap.xml`: every page but the 404, with absolute URLs (needs `--base-url`).
enum Sitemap {
    static func xml(_ paths: [String], baseURL: BaseURL) -> String {
        var xml =
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in paths {
            xml += "<url><loc>\(Escape.markup(baseURL.absolute(path == "index.html" ? "" : path)))</loc></url>\n"
        }
        return xml + "</urlset>\n"
    }
}
