import Locking
import Moments

/// A cached timeline is the head of the user's timeline: its newest moments,
/// read as a first page of `ReadCacheConfiguration.timelineLength`, and
/// whether more follow. Any page that lies within it is answered from it.
extension Timeline {
    /// The page `request` asks for, cut from this head; nil when the head
    /// cannot tell it (the page reaches past the head's last moment while
    /// more follow). The app's request, a first page no longer than the
    /// head, gets the head itself when it holds the whole timeline: no copy.
    func page(_ request: PageRequest) -> Timeline? {
        let start = request.after.map(position(after:)) ?? 0
        let end = start + request.first
        if end < moments.count {
            return Timeline(user: user, moments: Array(moments[start..<end]), hasNextPage: true)
        }
        if end == moments.count || !hasNextPage {
            if start == 0 { return self }
            return Timeline(user: user, moments: Array(moments[start...]), hasNextPage: hasNextPage)
        }
        return nil
    }

    /// Whether `momentID` is on the head, or (nil) it cannot tell: the head
    /// holds the whole timeline, or the moment may be further down.
    func contains(momentID: String) -> Bool? {
        let key = UTF8Key(momentID)
        if moments.contains(where: { UTF8Key($0.id) == key }) { return true }
        return hasNextPage ? nil : false
    }

    /// The index of the first moment after `cursor` (binary search: the
    /// moments are in timeline order); `moments.count` when none is.
    private func position(after cursor: TimelineCursor) -> Int {
        var low = 0
        var high = moments.count
        while low < high {
            let middle = (low + high) / 2
            if cursor.precedes(moments[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
