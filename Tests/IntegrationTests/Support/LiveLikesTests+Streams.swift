#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// A real client program (curl, python3) reading a stream. Its standard
/// output and error go to files, read whenever the test looks, so a test can
/// wait for a piece of the output with a deadline and has all of it once the
/// program exited. (Not pipes: Foundation's `Process` keeps the parent's
/// copy of a pipe's write end open for a while after the child exits, so the
/// end of file that would say "all of it" comes late or not at all.)
final class StreamingClient: @unchecked Sendable {
    private let process = Process()
    private let directory: TemporaryDirectory
    /// Kept open for the child's lifetime; closed with the client.
    private let files: [FileHandle]

    /// Starts `program` (found on `PATH`) with `arguments`, its files in
    /// `directory` (a new one unless given).
    init(_ program: String, _ arguments: [String], directory: TemporaryDirectory? = nil) throws {
        let directory = try directory ?? TemporaryDirectory()
        self.directory = directory
        var files: [FileHandle] = []
        for name in ["stdout", "stderr"] {
            guard FileManager.default.createFile(atPath: directory.file(name), contents: nil),
                let file = FileHandle(forWritingAtPath: directory.file(name))
            else { throw CocoaError(.fileWriteUnknown) }
            files.append(file)
        }
        self.files = files
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = files[0]
        process.standardError = files[1]
        try process.run()
    }

    /// `curl -N` asking for `accept`, with `arguments` (the request): the body
    /// on standard output, unbuffered; the response head in a file of its own
    /// (`-D`) the moment it arrives, since `-i` holds it back until body bytes
    /// come. (Not `-D /dev/stderr`: curl opens that file anew, appending, while
    /// its own messages go through descriptor 2 at offset 0, over the head.)
    static func curl(accept: String, _ arguments: [String]) throws -> StreamingClient {
        let directory = try TemporaryDirectory()
        return try StreamingClient(
            "curl", ["-sS", "-N", "-D", directory.file(headFile), "--max-time", "60", "-H", "Accept: \(accept)"] + arguments,
            directory: directory)
    }

    /// Where `curl` writes the response head.
    private static let headFile = "head"

    /// `curl -N` posting `body` (JSON) to the server's `/graphql` with `accept`.
    static func curl(port: Int, accept: String, body: String) throws -> StreamingClient {
        try curl(accept: accept, [
            "-H", "Content-Type: application/json", "--data-binary", body, "http://127.0.0.1:\(port)/graphql",
        ])
    }

    deinit {
        if process.isRunning {
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        for file in files { try? file.close() }
    }

    /// Ends the program with SIGKILL: its connection closes, a client that
    /// leaves. (Not SIGTERM: a child started from a Dispatch thread inherits
    /// that thread's signal mask, SIGTERM blocked, and never sees it.)
    func kill() {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
    }

    var hasExited: Bool { !process.isRunning }

    /// Everything written to standard output so far: with `curl`, the (de-chunked) body.
    var text: String { read("stdout") }

    /// Standard error so far: with `curl`, any error message (`-S`).
    var errorText: String { read("stderr") }

    private func read(_ name: String) -> String {
        String(decoding: FileManager.default.contents(atPath: directory.file(name)) ?? Data(), as: UTF8.self)
    }

    /// With `curl`: the response head, once its blank line arrived.
    var head: String? {
        let text = read(Self.headFile)
        return text.range(of: "\r\n\r\n").map { String(text[..<$0.lowerBound]) }
    }

    /// With `curl`: the body received so far.
    var body: String { text }

    /// A response header's value from `head` (names compared case-insensitively).
    func header(_ name: String) -> String? {
        guard let head else { return nil }
        for line in head.split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            if line[..<colon].caseInsensitiveCompare(name) == .orderedSame {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// Whether `condition` holds on the output within `timeout` (checked every
    /// 10 ms, holding the thread: see `LiveLikesTests` on why).
    func waitFor(within timeout: Duration, _ condition: (StreamingClient) -> Bool) -> Bool {
        eventually(within: timeout) { condition(self) }
    }

    /// The exit status once the program ended (all of its output is in then),
    /// within `timeout`; nil (and the program killed) when it did not end.
    func waitForExit(within timeout: Duration) -> Int32? {
        guard eventually(within: timeout, { !process.isRunning }) else {
            Glibc.kill(process.processIdentifier, SIGKILL)
            return nil
        }
        return process.terminationStatus
    }
}

/// What the streams look like on the wire, and the requests that open and feed them.
extension LiveLikesTests {
    /// The selection most tests subscribe with.
    static let selection = "id isLiked likes { id } likesCount"

    /// A subscription request's JSON body for `userID`'s `momentLikesChanged`.
    static func subscription(userID: String, selection: String = selection) -> String {
        let payload: [String: Any] = [
            "query": "subscription Live($userID: ID!) { momentLikesChanged(userID: $userID) { \(selection) } }",
            "variables": ["userID": userID],
            "operationName": "Live",
        ]
        // Strings only: Foundation's writer cannot fail on them.
        let data = (try? JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// The result `selection` gives for moment 4 as user 0 sees it, liked by user 0 alone or by nobody.
    static func moment4(isLiked: Bool) -> String {
        let likes = isLiked ? #"[{"id":"0"}]"# : "[]"
        return #"{"data":{"momentLikesChanged":{"id":"4","isLiked":\#(isLiked),"likes":\#(likes),"likesCount":\#(isLiked ? 1 : 0)}}}"#
    }

    /// `userID` likes or unlikes `momentID` on the server at `port`, through the
    /// mutation the app sends (`updateMomentLike`) with the app's headers,
    /// selecting little: acknowledged before it returns.
    static func like(
        port: Int, moment momentID: String, by userID: String = "0", isLiked: Bool, headers: [String: String] = GraphQLClient.appHeaders
    ) throws {
        let reply = try BlockingRequest.graphQL(
            port: port,
            query: """
                mutation updateMomentLike($momentID: ID!, $userID: ID!, $isLiked: Boolean!) {
                  updateMomentLike(momentID: $momentID, userID: $userID, isLiked: $isLiked) { userDetails { id } }
                }
                """,
            variables: ["momentID": momentID, "userID": userID, "isLiked": isLiked], operationName: "updateMomentLike",
            headers: headers)
        #expect(reply.status == 200)
        #expect(reply.text == #"{"data":{"updateMomentLike":{"userDetails":{"id":"\#(userID)"}}}}"#)
    }

    /// The id of the newest moment on `userID`'s timeline, as the server at `port` answers.
    static func newestMoment(port: Int, userID: String) throws -> String? {
        let query = "query newest($userID: ID!) { getMomentsDetailsByUserID(userID: $userID, first: 1) { moments { id } } }"
        let reply = try BlockingRequest.graphQL(port: port, query: query, variables: ["userID": userID])
        let details = (try reply.json["data"] as? [String: Any])?["getMomentsDetailsByUserID"] as? [String: Any]
        return (details?["moments"] as? [[String: Any]])?.first?["id"] as? String
    }

    /// A raw socket that posts a subscription with `accept` and reads the response head only.
    static func rawSubscribe(
        port: Int, userID: String, selection: String = selection, accept: String = "text/event-stream",
        receiveBuffer: Int32? = nil
    ) throws -> (client: RawClient, head: RawClient.Response) {
        let client = try RawClient(port: port, timeout: .seconds(10))
        if let receiveBuffer { client.setReceiveBuffer(bytes: receiveBuffer) }
        let body = subscription(userID: userID, selection: selection)
        try client.send(
            "POST /graphql HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: \(accept)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        return (client, try client.readResponse())
    }

    /// The unlabelled samples of `/metrics` (its text format's `name value`
    /// lines), read without the reference parser so that a poll loop stays cheap.
    static func metrics(of server: ServerProcess) throws -> [String: Double] {
        let reply = try BlockingRequest.send(port: server.port, "GET /metrics")
        var samples: [String: Double] = [:]
        for line in reply.text.split(separator: "\n") where !line.hasPrefix("#") && !line.contains("{") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let value = Double(fields[1]) { samples[String(fields[0])] = value }
        }
        return samples
    }

    /// One sample of `/metrics`; nil when there is none.
    static func metric(_ name: String, of server: ServerProcess) throws -> Double? {
        try metrics(of: server)[name]
    }

    /// About 35 KB a result (150 copies of the author): a few hundred fill
    /// any socket's buffers on both ends.
    static let heavySelection = "id isLiked likesCount "
        + (0..<150).map { "u\($0): userDetails { id name avatar backgroundImage }" }.joined(separator: " ")

    /// Likes until the stalled stream's socket is full: its backlog coalesces
    /// (10 results replaced), or it was already cut (fewer than `openStreams`
    /// open: on a loaded machine the data rate can cut it before 10 likes came).
    static func likeUntilBlocked(
        _ server: ServerProcess, _ likes: inout LikeToggler, openStreams: Double = 2, limit: Int = 2_000
    ) throws -> Bool {
        while likes.count < limit {
            try likes.next(port: server.port)
            guard likes.count % 5 == 0 else { continue }
            if (try metric("moments_stream_events_coalesced_total", of: server) ?? 0) >= 10 { return true }
            if (try metric("moments_streams_open", of: server) ?? openStreams) < openStreams { return true }
        }
        return false
    }

    /// The process's resident set in bytes (`VmRSS` in /proc/PID/status).
    static func residentBytes(of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        let kibibytes = try #require(Int(line.split(separator: " ").dropFirst().first ?? ""))
        return kibibytes * 1024
    }

    /// An SSE body's blocks (the text between blank lines), heartbeat
    /// comments (`:`) left out; nil when the body does not end on a blank line.
    static func sseBlocks(_ body: String) -> [String]? {
        sseEvents(body)?.map(\.block)
    }

    /// A complete SSE body's events (heartbeat comments and an `id`-only
    /// block, a stream's starting position, left out), each with its `id:`
    /// (nil without one) and the rest of its block.
    static func sseEvents(_ body: String) -> [(id: String?, block: String)]? {
        guard body.isEmpty || body.hasSuffix("\n\n") else { return nil }
        return body.components(separatedBy: "\n\n").dropLast().filter { $0 != ":" }.compactMap { block in
            var lines = block.components(separatedBy: "\n")
            guard let first = lines.first, first.hasPrefix("id: ") else { return (nil, block) }
            lines.removeFirst()
            // A position alone: where the stream starts, no event.
            return lines.isEmpty ? nil : (String(first.dropFirst(4)), lines.joined(separator: "\n"))
        }
    }

    /// An SSE body without the position it starts with, if it has one (on
    /// PostgreSQL, the instance's mark: docs/api.md, "Resuming a stream").
    static func afterStartingPosition(_ body: String) -> Substring {
        guard body.hasPrefix("id: "), let end = body.range(of: "\n\n") else { return body[...] }
        return body[end.upperBound...]
    }

    /// The last `id:` an SSE body carried (what `EventSource` sends back as `Last-Event-ID`).
    static func lastEventID(_ body: String) -> String? {
        body.components(separatedBy: "\n").last { $0.hasPrefix("id: ") }.map { String($0.dropFirst(4)) }
    }

    static let partHeader = "\r\ncontent-type: application/json\r\n\r\n"

    /// A complete multipart body's part bodies (`{"payload":…}`), heartbeat
    /// parts (`{}`) left out; nil unless it is the boundary, parts each
    /// followed by the boundary, and the closing `--\r\n`.
    static func multipartParts(_ body: String) -> [String]? {
        let boundary = "\r\n--graphql"
        let close = "--\r\n"
        guard body.hasPrefix(boundary), body.hasSuffix(close) else { return nil }
        // Counted in Characters on both sides ("\r\n" is one).
        let between = body.dropFirst(boundary.count).dropLast(close.count)
        var parts: [String] = []
        for piece in between.components(separatedBy: boundary).dropLast() {
            guard piece.hasPrefix(partHeader) else { return nil }
            parts.append(String(piece.dropFirst(partHeader.count)))
        }
        // Each part ends with the boundary, so the last piece is empty.
        guard between.isEmpty || between.hasSuffix(boundary) else { return nil }
        return parts.filter { $0 != "{}" }
    }

    /// Reads Server-Sent Events with Python's `http.client` as they arrive:
    /// prints `status` and the content type, then each `data:` line the
    /// moment it is read (flushed), `complete` at `event: complete` and `end`
    /// when the response ends.
    static let pythonReader = """
        import http.client, sys
        port, body = int(sys.argv[1]), sys.argv[2]
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("POST", "/graphql", body=body,
                           headers={"Accept": "text/event-stream", "Content-Type": "application/json"})
        response = connection.getresponse()
        print("status", response.status, response.getheader("Content-Type"), flush=True)
        while True:
            line = response.readline()
            if not line:
                break
            if line.startswith(b"data: "):
                print(line.decode("utf-8").rstrip("\\n"), flush=True)
            elif line == b"event: complete\\n":
                print("complete", flush=True)
        print("end", flush=True)
        """

    /// A result's JSON object, read by Foundation's decoder (not ours).
    static func object(_ json: some StringProtocol) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// The first error's `extensions.code` in a result or a multipart part.
    static func firstErrorCode(_ object: [String: Any]) -> String? {
        let errors = object["errors"] as? [[String: Any]]
        return (errors?.first?["extensions"] as? [String: Any])?["code"] as? String
    }
}

/// Likes and unlikes, as user 0, the moments user 0 sees (4, 3, 2, 1, 0 in
/// turn), each from its current state: every call is one change.
struct LikeToggler {
    /// The demo data's: user 0 likes moments 2 and 3.
    private var liked: Set<String> = ["2", "3"]
    private(set) var count = 0

    mutating func next(port: Int) throws {
        let moment = ["4", "3", "2", "1", "0"][count % 5]
        let isLiked = !liked.contains(moment)
        if isLiked { liked.insert(moment) } else { liked.remove(moment) }
        count += 1
        try LiveLikesTests.like(port: port, moment: moment, isLiked: isLiked)
    }

    func isLiked(_ moment: String) -> Bool { liked.contains(moment) }
}
