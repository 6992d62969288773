// The transport benchmark target: GET /healthz and GET /json (a fixed 2.5 KB
// JSON body), nothing else, so wrk measures the server and not the app.
//
//   http-bench-server [--port N] [--host H] [--offload]
//
// --offload runs the handlers off the I/O thread, as for routes not declared
// non-blocking, to measure that path.
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import HTTP1
import HTTPServer

var port = 8080
var host = "127.0.0.1"
var offload = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--port":
        guard let value = arguments.popFirst().flatMap({ Int($0) }) else {
            print("--port needs a number"); exit(2)
        }
        port = value
    case "--host":
        guard let value = arguments.popFirst() else { print("--host needs a value"); exit(2) }
        host = value
    case "--offload":
        offload = true
    default:
        print("usage: http-bench-server [--port N] [--host H] [--offload]"); exit(2)
    }
}

/// Exactly 2,560 bytes of JSON, the size of a small timeline page.
let jsonBody: [UInt8] = {
    var items: [String] = []
    var index = 0
    while items.joined(separator: ",").utf8.count < 2_400 {
        items.append(#"{"id":"\#(index)","name":"Moment number \#(index)","liked":false}"#)
        index += 1
    }
    let head = "{\"items\":[" + items.joined(separator: ",") + "],\"pad\":\""
    let tail = "\"}"
    let padding = String(repeating: "x", count: max(0, 2_560 - head.utf8.count - tail.utf8.count))
    return Array((head + padding + tail).utf8)
}()

var router = Router()
// Both routes only copy constant bytes: safe on the I/O thread.
router.add(.get, "/healthz", execution: offload ? .pooled : .inline) { _ in HTTPResponse(status: .ok, contentType: "text/plain; charset=utf-8", body: "ok\n") }
router.add(.get, "/json", execution: offload ? .pooled : .inline) { _ in
    HTTPResponse(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8"], body: jsonBody)
}

let server = Server(host: host, port: port, handler: router, logger: { message in
    FileHandleStandardError.write("http-bench-server: \(message)\n")
})
let address: SocketAddress
do {
    address = try server.start()
} catch {
    FileHandleStandardError.write("http-bench-server: \(error)\n")
    exit(1)
}
print("listening on http://\(address)")
fflush(nil)

if let bodyPath = ProcessInfoEnvironment.value("BENCH_WRITE_JSON_BODY") {
    // Lets the bench script hand nginx exactly the same bytes.
    if let file = fopen(bodyPath, "wb") {
        _ = jsonBody.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
}

signal(SIGTERM, SIG_IGN)
signal(SIGINT, SIG_IGN)
let signals = [SIGTERM, SIGINT].map { signal in
    let source = DispatchSource.makeSignalSource(signal: signal, queue: .main)
    source.setEventHandler { server.stop { exit(0) } }
    source.activate()
    return source
}
dispatchMain()

enum FileHandleStandardError {
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = Glibc.write(2, &bytes, bytes.count)
    }
}

enum ProcessInfoEnvironment {
    static func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
