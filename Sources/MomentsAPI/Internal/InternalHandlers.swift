import HTTP1
import JSON

/// `GET /internal`: the QA page (`InternalPage`), a constant answered on the I/O thread.
package struct InternalPageHandler: HTTPHandler {
    package init() {}
    package func execution(for request: HTTPRequest) -> HandlerExecution { .inline }
    package func handle(_ request: HTTPRequest) -> HTTPResponse { HTMLPage.response(InternalPage.bytes) }
}

/// `GET /internal/facts`: what the QA page shows of the server, as JSON,
/// from `facts` (built by the executable, which holds the configuration).
/// Runs on the handler pool: it reads the database (bounded reads).
package struct InternalFactsHandler: HTTPHandler {
    private let facts: @Sendable () throws -> JSONValue
    /// Why the database cannot serve, shown when the facts cannot be read:
    /// the driver's message, which `/readyz` keeps from anonymous probes.
    private let unavailable: @Sendable () -> String?

    package init(facts: @escaping @Sendable () throws -> JSONValue, unavailable: @escaping @Sendable () -> String? = { nil }) {
        self.facts = facts
        self.unavailable = unavailable
    }

    package func handle(_ request: HTTPRequest) -> HTTPResponse {
        let value: JSONValue
        let status: HTTPStatus
        do {
            value = try facts()
            status = .ok
        } catch {
            // Where the facts put it when they can be read: `database.unavailable`.
            value = ["error": "The database did not answer.", "database": ["unavailable": unavailable().map { .string($0) } ?? .null]]
            status = .serviceUnavailable
        }
        return InternalJSON.response(status, value)
    }
}

/// `POST /internal/reset`: replaces the data with the demo data.
///
/// Only with `available` (the executable passes true for an explicit
/// `--internal-page on`), and only for a POST of JSON `{"confirm": TOKEN}`
/// where TOKEN is this process's `token`, which the page reads from
/// `/internal/facts`. A page on another origin cannot send it: a form cannot
/// post JSON without a CORS preflight, a browser's `Origin` must be this
/// server's, and the token is not guessable.
package struct InternalResetHandler: HTTPHandler {
    private let available: Bool
    private let token: String
    private let reset: @Sendable () throws -> Void

    package init(available: Bool, token: String, reset: @escaping @Sendable () throws -> Void) {
        self.available = available
        self.token = token
        self.reset = reset
    }

    package func execution(for request: HTTPRequest) -> HandlerExecution {
        available ? .pooled : .inline
    }

    package func handle(_ request: HTTPRequest) -> HTTPResponse {
        guard available else {
            return refuse(Self.forbidden, "The reset is only offered with an explicit --internal-page on.")
        }
        // A reset is a developer's act on their own machine: never from another host, whatever a proxy forwards.
        guard let peer = request.remoteAddress, Loopback.contains(peer) else {
            return refuse(Self.forbidden, "The reset is only accepted from a loopback connection.")
        }
        if let origin = request.headers["Origin"], !Self.isSameOrigin(origin, host: request.headers["Host"]) {
            return refuse(Self.forbidden, "Cross-origin requests may not reset the data.")
        }
        guard let contentType = request.headers["Content-Type"],
              contentType.lowercased().hasPrefix("application/json") else {
            return refuse(.unsupportedMediaType, "Content-Type must be application/json.")
        }
        // The body is one small object; the token is 32 characters.
        guard request.body.count <= 1024,
              case .object(let object)? = try? JSONParser.parse(request.body),
              case .string(let confirm)? = object["confirm"] else {
            return refuse(.badRequest, #"The body must be {"confirm": TOKEN}, the token from /internal/facts."#)
        }
        guard confirm.utf8.elementsEqual(token.utf8) else {
            return refuse(Self.forbidden, "The confirmation token does not match.")
        }
        do {
            try reset()
        } catch {
            return refuse(.internalServerError, "The reset failed; the data is unchanged.")
        }
        return InternalJSON.response(.ok, ["reset": true])
    }

    static let forbidden = HTTPStatus(403, "Forbidden")

    /// Whether a browser's `Origin` names this server (`http` or, behind a
    /// TLS proxy, `https`, with the `Host` the request came to).
    static func isSameOrigin(_ origin: String, host: String?) -> Bool {
        guard let host else { return false }
        return origin == "http://" + host || origin == "https://" + host
    }

    private func refuse(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        InternalJSON.response(status, ["error": .string(message)])
    }
}

enum InternalJSON {
    static func response(_ status: HTTPStatus, _ value: JSONValue) -> HTTPResponse {
        var body: [UInt8] = []
        JSONWriter.write(value, into: &body)
        return HTTPResponse(
            status: status,
            headers: ["Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store",
                      "X-Content-Type-Options": "nosniff"],
            body: body)
    }
}
