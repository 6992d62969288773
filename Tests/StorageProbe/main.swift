// storage-durability-probe DATABASE USERS MOMENTS THREADS (DATABASE: a SQLite file or a postgres:// URI)
//
// Likes every (moment, user) pair of a synthetic database from THREADS
// threads, printing "ack MOMENT USER" to stdout after each like returns
// (i.e. is committed), then "done", then waits for stdin to close. The
// durability test kills it with SIGKILL part-way and checks every
// acknowledged like survived.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import MomentsStorage

/// Unbuffered, so a line is in the pipe before the next write starts.
func writeLine(_ line: String, to descriptor: Int32) {
    let bytes = Array((line + "\n").utf8)
    bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, base + offset, buffer.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let users = Int(arguments[2]), let moments = Int(arguments[3]), let threads = Int(arguments[4]), threads > 0 else {
    writeLine("usage: storage-durability-probe DATABASE USERS MOMENTS THREADS", to: STDERR_FILENO)
    exit(2)
}

do {
    // A path or a postgres:// URI: the same probe for both engines.
    let store = try MomentsStore.open(database: DatabaseLocation(arguments[1]), options: MomentsStore.Options(readers: 1, seedDemoData: false))
    let output = DispatchQueue(label: "probe.output")
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
        var pair = thread
        while pair < users * moments {
            let moment = String(pair % moments)
            let user = String(pair / moments)
            do {
                try store.likes.setLike(momentID: moment, userID: user, isLiked: true)
            } catch {
                writeLine("error \(error)", to: STDERR_FILENO)
                exit(1)
            }
            output.sync { writeLine("ack \(moment) \(user)", to: STDOUT_FILENO) }
            pair += threads
        }
    }
    writeLine("done", to: STDOUT_FILENO)
    while readLine() != nil {}
} catch {
    writeLine("error \(error)", to: STDERR_FILENO)
    exit(1)
}
