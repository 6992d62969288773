/// The API's schema as docs/api.md gives it, without its descriptions.
package enum APISDL {
    package static let withoutDescriptions = """
        type UserDetails {
          id: ID!
          name: String!
          avatar: String!
          backgroundImage: String!
        }

        enum MomentType {
          URL
          PHOTOS
        }

        type Moment {
          id: ID!
          userDetails: UserDetails!
          type: MomentType!
          title: String
          url: String
          photos: [String!]!
          createdDate: String!
          isLiked: Boolean!
          likes(first: Int): [UserDetails!]!
          likesCount: Int!
        }

        type MomentsDetails {
          userDetails: UserDetails!
          moments: [Moment!]!
          pageInfo: PageInfo!
        }

        type PageInfo {
          endCursor: String
          hasNextPage: Boolean!
        }

        type FeatureToggle {
          name: String!
          enabled: Boolean!
          variant: ToggleVariant
        }

        type ToggleVariant {
          name: String!
          enabled: Boolean!
          payload: String
        }

        type Query {
          getMomentsDetailsByUserID(userID: ID!, first: Int, after: String): MomentsDetails!
          featureToggles(userID: ID): [FeatureToggle!]!
        }

        type Mutation {
          updateMomentLike(momentID: ID!, userID: ID!, isLiked: Boolean!, first: Int, after: String): MomentsDetails!
        }
        """
}
