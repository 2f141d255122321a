/// The script `serve` adds to every HTML page it sends (never to the files on disk): it listens
/// to the reload channel, reloads the page after a published build, and shows a failed build's
/// errors over the page. Text from the channel reaches the page only through `textContent`.
/// `window.gamenightReloads` counts the reloads it made in this tab (for the browser check).
enum LiveReloadScript {
    static let eventsPath = "/_gamenight/events"

    /// `showsSite`: the page is the site's (false for the page served while there is none).
    static func tag(servedBuild: Int, showsSite: Bool = true) -> String {
        """
        <script>(() => {
          const key = "gamenight.reloads";
          let reloads = 0;
          try { reloads = Number(sessionStorage.getItem(key) || 0); } catch (e) {}
          window.gamenightReloads = reloads;
          const source = new EventSource("\(eventsPath)?build=\(servedBuild)");
          let overlay = null;
          source.addEventListener("reload", () => {
            try { sessionStorage.setItem(key, String(reloads + 1)); } catch (e) {}
            source.close();
            location.reload();
          });
          source.addEventListener("error", (event) => {
            if (!event.data) return; // a lost connection: EventSource reconnects by itself
            let report;
            try { report = JSON.parse(event.data); } catch (e) { return; }
            if (overlay) overlay.remove();
            overlay = document.createElement("div");
            overlay.id = "gamenight-errors";
            overlay.setAttribute("role", "alert");
            overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:2em;" +
              "background:rgba(20,20,20,.92);color:#fff;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap";
            const title = document.createElement("h2");
            title.textContent = "\(showsSite ? "Build failed: the page shows the last good build" : "Build failed: there is no site yet; fix these errors and save")";
            title.style.cssText = "margin:0 0 1em;color:#ff8a80;font-size:1.2em";
            overlay.append(title);
            for (const d of report.diagnostics || []) {
              const item = document.createElement("div");
              item.style.cssText = "margin:0 0 1em";
              const place = document.createElement("strong");
              place.textContent = d.path + (d.line ? ":" + d.line + ":" + d.column : "");
              const message = document.createElement("div");
              message.textContent = d.message;
              item.append(place, message);
              if (d.hint) {
                const hint = document.createElement("div");
                hint.textContent = "hint: " + d.hint;
                hint.style.color = "#b9f6ca";
                item.append(hint);
              }
              overlay.append(item);
            }
            if (report.more > 0) {
              const more = document.createElement("div");
              more.textContent = "… and " + report.more + " more";
              overlay.append(more);
            }
            document.body.append(overlay);
          });
        })();</script>

        """
    }

    /// `html` with the script before its last `</body>` (any case), or at its end.
    static func inject(into html: [UInt8], servedBuild: Int, showsSite: Bool = true) -> [UInt8] {
        let script = Array(tag(servedBuild: servedBuild, showsSite: showsSite).utf8)
        let closing = Array("</body".utf8)
        var index = html.count - closing.count
        while index >= 0 {
            if zip(html[index..<index + closing.count], closing).allSatisfy({ lowercased($0) == $1 }) {
                return Array(html[..<index]) + script + Array(html[index...])
            }
            index -= 1
        }
        return html + script
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
