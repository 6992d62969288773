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
