#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HTTP1
import Locking

/// The `Date` header value, formatted once per second and shared by the
/// connections of one event loop (nginx's cached time): formatting a date per response costs
/// more than the rest of the head.
final class DateCache: Sendable {
    private let cached = Locked<(second: Int, text: String)>((-1, ""))

    func current() -> String {
        let now = Int(time(nil))
        return cached.withLock { cache in
            if cache.second != now {
                cache = (now, HTTPDate.format(secondsSince1970: now))
            }
            return cache.text
        }
    }
}
