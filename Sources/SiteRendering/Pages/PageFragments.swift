/// Parts of catalog pages that a long-running build (`serve`) keeps from one build to the next:
/// the search page names every shard of the index by a hash of its bytes, and the calendar
/// holds every night, so without them a save would make the whole index and every night's
/// event again. A part belongs to a page, and is made again when that page's inputs changed
/// (`SiteBuilding`'s dependencies say what they are).
public protocol PageFragments: Sendable {
    /// `make()`, or what it made for `page` in a build where the page's inputs were the same.
    func fragment(of page: CatalogPage, _ name: String, make: () -> String) -> String
}

extension SiteRenderer {
    /// `make()` through `fragments`, when there are any.
    func fragment(of page: CatalogPage, _ name: String, make: () -> String) -> String {
        fragments?.fragment(of: page, name, make: make) ?? make()
    }
}
