/// The iOS app's two documents, byte for byte as it sends them
/// (docs/api.md, "The app's two operations"). One copy: the explorer opens
/// on them, and the tests and benchmarks send them.
package enum AppDocuments {
    /// The names of the app's two operations (given a metrics label of their own first).
    package static let operationNames = ["getMomentsDetailsByUserID", "updateMomentLike"]

    package static let timeline = """
        query getMomentsDetailsByUserID($userID: ID!, $withLikes: Boolean!) {
          getMomentsDetailsByUserID(userID: $userID) {
            userDetails { id name avatar backgroundImage }
            moments {
              id
              userDetails { name avatar }
              type
              title
              photos
              createdDate
              isLiked @include(if: $withLikes)
              likes @include(if: $withLikes) { id avatar }
            }
          }
        }
        """

    package static let updateLike = """
        mutation updateMomentLike($momentID: ID!, $userID: ID!, $isLiked: Boolean!) {
          updateMomentLike(momentID: $momentID, userID: $userID, isLiked: $isLiked) {
            userDetails { id name avatar backgroundImage }
            moments {
              id
              userDetails { name avatar }
              type
              title
              photos
              createdDate
              isLiked
              likes { id avatar }
            }
          }
        }
        """
}
