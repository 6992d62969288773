import Locking

/// A place in a timeline: the sort key of a moment (created date, then id,
/// both descending). A page read "after" a cursor returns the moments that
/// sort after it, so a new post (newer than any cursor handed out) never
/// shifts a later page: every moment comes exactly once while paging.
package struct TimelineCursor: Sendable, Hashable {
    /// The moment's creation time in whole Unix seconds.
    package var createdDate: Int64
    package var momentID: String

    package init(createdDate: Int64, momentID: String) {
        self.createdDate = createdDate
        self.momentID = momentID
    }

    /// The position of `moment`: a page after it starts with the next older moment.
    package init(after moment: Moment) {
        self.init(createdDate: moment.createdDate, momentID: moment.id)
    }

    /// Whether `moment` sorts after this position (older, or created in the
    /// same second with an id before this one, byte by byte as the stores
    /// compare TEXT).
    package func precedes(_ moment: Moment) -> Bool {
        if moment.createdDate != createdDate { return moment.createdDate < createdDate }
        return moment.id.utf8.lexicographicallyPrecedes(momentID.utf8)
    }

    // Byte for byte, as the stores tell moment ids apart (`UTF8Key`).
    package static func == (lhs: TimelineCursor, rhs: TimelineCursor) -> Bool {
        lhs.createdDate == rhs.createdDate && UTF8Key(lhs.momentID) == UTF8Key(rhs.momentID)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(createdDate)
        hasher.combine(UTF8Key(momentID))
    }
}

/// Which moments of a timeline a read returns: at most `first` of them,
/// starting after `after` (from the newest when nil).
package struct PageRequest: Sendable, Hashable {
    package var first: Int
    package var after: TimelineCursor?

    package init(first: Int, after: TimelineCursor? = nil) {
        // `PageSize.resolve` refuses a negative `first` before a request gets here.
        self.first = max(0, first)
        self.after = after
    }
}
