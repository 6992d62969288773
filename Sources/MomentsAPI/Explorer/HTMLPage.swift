import HTTP1

/// A page served from the binary (the explorer, the internal page): one
/// self-contained document, no external assets, so it works offline and the
/// policy below can forbid loading anything else.
enum HTMLPage {
    /// Scripts and styles are the page's own inline ones; requests go only to
    /// this server (`connect-src 'self'`). Images may come from anywhere over
    /// HTTPS: the demo data's avatars and photos are on other hosts.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
        + "img-src https: http: data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The pages' one reader of a subscription's stream (graphql-sse over
    /// `fetch`, which can send headers `EventSource` cannot): `onNext` gets
    /// each `next` event's data, until the body ends or `keepGoing()` is false.
    static let eventStreamReader = #"""
        async function readNextEvents(response, onNext, keepGoing = () => true) {
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let pending = "";
          for (;;) {
            const { value, done } = await reader.read();
            if (done || !keepGoing()) return;
            pending += value;
            let end;
            while ((end = pending.indexOf("\n\n")) >= 0) {
              const block = pending.slice(0, end);
              pending = pending.slice(end + 2);
              // Fields in any order (an `id:` comes first): the event's type and its data lines.
              const lines = block.split("\n");
              const data = lines.filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n");
              if (lines.includes("event: next") && data) onNext(data);
            }
          }
        }
        """#

    static func response(_ bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(
            status: .ok,
            headers: [
                "Content-Type": "text/html; charset=utf-8",
                "Content-Security-Policy": contentSecurityPolicy,
                "X-Content-Type-Options": "nosniff",
                "Referrer-Policy": "no-referrer",
                "Cache-Control": "no-cache",
                // The same URL answers JSON to other clients: caches must key on Accept.
                "Vary": "Accept",
            ],
            body: bytes)
    }
}
