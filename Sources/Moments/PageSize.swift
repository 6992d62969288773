/// No answer is unbounded: a timeline page and a moment's likers hold at most
/// `maximum` items, which is also what a request without `first` gets
/// (docs/api.md, "Pages").
package struct PageSize: Sendable, Hashable {
    /// `--max-page-size`'s default.
    package static let defaultMaximum = 100

    package let maximum: Int

    package init(maximum: Int = PageSize.defaultMaximum) {
        self.maximum = max(0, maximum)
    }

    /// The size of a page asked for with `first`: the maximum when absent;
    /// a negative `first`, or one over the maximum, is the client's error.
    package func resolve(_ first: Int?) throws(MomentsError) -> Int {
        guard let first else { return maximum }
        guard first >= 0, first <= maximum else {
            throw MomentsError.pageSizeOutOfRange(requested: first, maximum: maximum)
        }
        return first
    }
}
