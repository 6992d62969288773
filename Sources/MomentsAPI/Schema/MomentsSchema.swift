import GraphQL
import JSON
import Moments

/// The API's schema (docs/api.md) as `GraphQL.Schema` values, with the
/// resolvers that map it onto the service layer.
///
/// The schema holds no dependencies: root resolvers find the services in the
/// execution context (`MomentsContext`), so the same value serves requests
/// and `moments-bff schema`.
package enum MomentsSchema {
    package static let schema = Schema(
        query: queryType,
        mutation: mutationType,
        subscription: subscriptionType,
        types: [.object(userDetailsType), .enumeration(momentType), .object(momentObjectType), .object(momentsDetailsType),
                .object(pageInfoType), .object(featureToggleType), .object(toggleVariantType)],
        // `@defer`: answered in parts when Accept asks for incremental delivery, else ignored (docs/api.md).
        // First, as a client that rebuilds the schema from its SDL lists it (graphql-js buildASTSchema).
        directives: [IncrementalDirectives.defer] + SpecifiedDirectives.all
    )

    // type Query { getMomentsDetailsByUserID(userID: ID!, first: Int, after: String): MomentsDetails! }
    static let queryType = ObjectType(name: "Query", description: "Reading timelines.", fields: [
            FieldDefinition(
                name: "getMomentsDetailsByUserID",
                description: "A user's timeline: their own moments and their friends', newest first.",
                arguments: [
                    InputValueDefinition(
                        name: "userID",
                        description: "The user whose timeline to read, and the viewer for `isLiked`; an unknown id is a NOT_FOUND error.",
                        type: .nonNull(.named("ID"))),
                    pageFirstArgument, pageAfterArgument,
                ],
                type: .nonNull(.named("MomentsDetails")),
                resolve: { _, arguments, info in
                    let context = try cast(info.context, as: MomentsContext.self)
                    let userID = try arguments.requiredID("userID")
                    let (first, after) = try arguments.page()
                    try context.authorize(userID: userID)
                    let timeline = try context.services.timelines.timeline(userID: userID, first: first, after: after)
                    return .node(TimelinePage(timeline: timeline, viewerID: userID, context: context))
                }
            ),
            featureTogglesField,
        ])

    // type Mutation { updateMomentLike(momentID: ID!, userID: ID!, isLiked: Boolean!, first: Int, after: String): MomentsDetails! }
    static let mutationType = ObjectType(name: "Mutation", description: "Liking and unliking moments.", fields: [
            FieldDefinition(
                name: "updateMomentLike",
                description: "Likes or unlikes a moment as a user, then returns that user's timeline.",
                arguments: [
                    InputValueDefinition(
                        name: "momentID",
                        description: "The moment to like or unlike: one the user or a friend of theirs wrote, else NOT_FOUND.",
                        type: .nonNull(.named("ID"))),
                    InputValueDefinition(
                        name: "userID",
                        description: "The user who likes or unlikes (an unknown id is NOT_FOUND); their timeline is returned.",
                        type: .nonNull(.named("ID"))),
                    InputValueDefinition(
                        name: "isLiked",
                        description: "True to like (liking again keeps the first like), false to unlike (an absent like is fine).",
                        type: .nonNull(.named("Boolean"))),
                    pageFirstArgument, pageAfterArgument,
                ],
                type: .nonNull(.named("MomentsDetails")),
                resolve: { _, arguments, info in
                    let context = try cast(info.context, as: MomentsContext.self)
                    let momentID = try arguments.requiredID("momentID")
                    let userID = try arguments.requiredID("userID")
                    let isLiked = try arguments.requiredBool("isLiked")
                    // A bad page is refused before anything is written.
                    let (first, after) = try arguments.page()
                    try context.authorize(userID: userID)
                    // Waits here until the like is durable (the handler pool runs
                    // another request meanwhile), then reads the page.
                    let timeline = try context.services.likes.updateLike(
                        momentID: momentID, userID: userID, isLiked: isLiked, first: first, after: after)
                    return .node(TimelinePage(timeline: timeline, viewerID: userID, context: context))
                }
            )
        ])

    // type Subscription { momentLikesChanged(userID: ID!): Moment! }
    static let subscriptionType = ObjectType(name: "Subscription", description: "Live changes, over text/event-stream (graphql-sse) or multipart/mixed (Apollo's multipart subscriptions).", fields: [
            momentLikesChangedField,
        ])

    static let momentLikesChangedField: FieldDefinition = {
        var field = FieldDefinition(
            name: "momentLikesChanged",
            description: "Each time a moment the user may see (theirs or a friend's, among their newest --max-page-size) is liked or unliked, by anyone on any instance: that moment as the user sees it. An unknown id is a NOT_FOUND error before the stream starts.",
            arguments: [
                InputValueDefinition(
                    name: "userID",
                    description: "The viewer: whose moments and friends' moments to follow, and for whom `isLiked` is answered.",
                    type: .nonNull(.named("ID"))),
            ],
            type: .nonNull(.named("Moment")),
            resolve: { source, _, info in
                // Executed once per event (spec §6.2.3.2), with the event as the root value.
                let context = try cast(info.context, as: MomentsContext.self)
                let event = try cast(source, as: MomentLikesEvent.self)
                let page = TimelinePage(timeline: event.timeline, viewerID: event.viewerID, context: context)
                return .node(MomentNode(event.moment, page: page, position: 0))
            }
        )
        // The source stream (spec §6.2.3.1): the viewer may act as `userID`, who exists.
        field.subscribe = { _, arguments, info in
            let context = try cast(info.context, as: MomentsContext.self)
            let userID = try arguments.requiredID("userID")
            try context.authorize(userID: userID)
            _ = try context.services.timelines.timeline(userID: userID, first: 0)
            return MomentLikesSource(viewerID: userID)
        }
        return field
    }()

    /// `first` of a timeline field.
    static let pageFirstArgument = InputValueDefinition(
        name: "first",
        description: "How many moments the page holds at most: 0 to the server's maximum page size (--max-page-size, 100 by default), which is also what an absent `first` gets; anything else is BAD_USER_INPUT.",
        type: .named("Int"))
    /// `after` of a timeline field.
    static let pageAfterArgument = InputValueDefinition(
        name: "after",
        description: "Start after this cursor: a `pageInfo.endCursor` from an earlier page (newer posts never shift it). Absent, the page starts with the newest moment; a cursor not made by the server is BAD_USER_INPUT.",
        type: .named("String"))

    // type MomentsDetails { userDetails: UserDetails! moments: [Moment!]! pageInfo: PageInfo! }
    static let momentsDetailsType = ObjectType(name: "MomentsDetails", description: "A user's timeline: their profile and the moments they may see.", fields: [
        FieldDefinition(
            name: "userDetails",
            description: "The profile of the user whose timeline this is.",
            type: .nonNull(.named("UserDetails"))
        ) { (source: AnyObject) in
            .node(try node(source, as: TimelinePage.self).timeline.user)
        },
        FieldDefinition(
            name: "moments",
            description: "The moments written by the user or a friend, newest first (createdDate, then id, descending): one page of them (see `first` and `after`).",
            type: .nonNull(.list(.nonNull(.named("Moment"))))
        ) { (source: AnyObject) in
            .nodes(try node(source, as: TimelinePage.self).momentNodes())
        },
        FieldDefinition(
            name: "pageInfo",
            description: "Where this page ends, to ask for the next one.",
            type: .nonNull(.named("PageInfo"))
        ) { (source: AnyObject) in
            .node(try node(source, as: TimelinePage.self))
        },
    ])

    // type PageInfo { endCursor: String hasNextPage: Boolean! }
    static let pageInfoType = ObjectType(name: "PageInfo", description: "How a page of a timeline ends.", fields: [
        FieldDefinition(
            name: "endCursor",
            description: "An opaque cursor after the page's last moment: pass it as `after` for the next page. Null when the page is empty.",
            type: .named("String")
        ) { (source: AnyObject) in
            if let cursor = try node(source, as: TimelinePage.self).endCursor { .leaf(.string(cursor)) } else { .null }
        },
        FieldDefinition(
            name: "hasNextPage",
            description: "Whether older moments follow this page.",
            type: .nonNull(.named("Boolean"))
        ) { (source: AnyObject) in
            .leaf(.bool(try node(source, as: TimelinePage.self).timeline.hasNextPage))
        },
    ])

    // enum MomentType { URL PHOTOS }
    static let momentType = EnumType(name: "MomentType", description: "What a moment shares.", values: [
        EnumValueDefinition(name: "URL", description: "A link, in `url`."),
        EnumValueDefinition(name: "PHOTOS", description: "Photos, in `photos`."),
    ])

    // type Moment { id: ID! userDetails: UserDetails! type: MomentType! title: String url: String
    //   photos: [String!]! createdDate: String! isLiked: Boolean! likes(first: Int): [UserDetails!]! likesCount: Int! }
    static let momentObjectType = ObjectType(name: "Moment", description: "A post on a timeline: a link or photos, with its author and its likes.", fields: [
        FieldDefinition(
            name: "id",
            description: "The moment's id.",
            type: .nonNull(.named("ID"))
        ) { (source: AnyObject) in
            .leaf(.string(try node(source, as: MomentNode.self).moment.id))
        },
        FieldDefinition(
            name: "userDetails",
            description: "The moment's author.",
            type: .nonNull(.named("UserDetails"))
        ) { (source: AnyObject) in
            .node(try node(source, as: MomentNode.self).moment.author)
        },
        FieldDefinition(
            name: "type",
            description: "Whether the moment shares a link or photos.",
            type: .nonNull(.named("MomentType"))
        ) { (source: AnyObject) in
            .leaf(.string(try node(source, as: MomentNode.self).moment.type.rawValue))
        },
        FieldDefinition(
            name: "title",
            description: "The moment's text, if any.",
            type: .named("String")
        ) { (source: AnyObject) in
            if let title = try node(source, as: MomentNode.self).moment.title { .leaf(.string(title)) } else { .null }
        },
        FieldDefinition(
            name: "url",
            description: "The link a URL moment shares; null when there is none.",
            type: .named("String")
        ) { (source: AnyObject) in
            if let url = try node(source, as: MomentNode.self).moment.url { .leaf(.string(url)) } else { .null }
        },
        FieldDefinition(
            name: "photos",
            description: "URLs of the moment's photos, in order; empty when there are none.",
            type: .nonNull(.list(.nonNull(.named("String"))))
        ) { (source: AnyObject) in
            .strings(try node(source, as: MomentNode.self).moment.photos)
        },
        FieldDefinition(
            name: "createdDate",
            description: "Creation time in whole Unix seconds, as a decimal string.",
            type: .nonNull(.named("String"))
        ) { (source: AnyObject) in
            .leaf(.int(Int(try node(source, as: MomentNode.self).moment.createdDate)))
        },
        FieldDefinition(
            name: "isLiked",
            description: "Whether the viewer (the operation's userID) likes this moment.",
            type: .nonNull(.named("Boolean"))
        ) { (source: AnyObject) in
            let node = try node(source, as: MomentNode.self)
            return .leaf(.bool(try node.page.likes(at: node.position).isLikedByViewer))
        },
        FieldDefinition(
            name: "likes",
            description: "The users who like this moment, oldest like first: the first `first` of them (`likesCount` says how many there are).",
            arguments: [
                InputValueDefinition(
                    name: "first",
                    description: "How many likers at most: 0 to the server's maximum page size (--max-page-size, 100 by default), which is also what an absent `first` gets; anything else is BAD_USER_INPUT.",
                    type: .named("Int")),
            ],
            type: .nonNull(.list(.nonNull(.named("UserDetails"))))
        ) { (source: AnyObject, arguments: JSONObject) in
            let node = try node(source, as: MomentNode.self)
            // No argument (the app's documents): no lookup, once per moment.
            let first = arguments.isEmpty ? node.page.pageSize.maximum : try node.page.pageSize.resolve(arguments.optionalInt("first"))
            return .nodes(try node.page.likerNodes(at: node.position, first: first))
        },
        FieldDefinition(
            name: "likesCount",
            description: "How many users like this moment (kept as likes are written, never counted on read).",
            type: .nonNull(.named("Int"))
        ) { (source: AnyObject) in
            let node = try node(source, as: MomentNode.self)
            return .leaf(.int(try node.page.likes(at: node.position).count))
        },
    ], fragmentKey: MomentNode.fragmentKey)

    // type UserDetails { id: ID! name: String! avatar: String! backgroundImage: String! }
    static let userDetailsType = ObjectType(name: "UserDetails", description: "A user's public profile.", fields: [
        FieldDefinition(
            name: "id",
            description: "The user's id.",
            type: .nonNull(.named("ID"))
        ) { (source: AnyObject) in
            .leaf(.string(try node(source, as: User.self).id))
        },
        FieldDefinition(
            name: "name",
            description: "The user's display name.",
            type: .nonNull(.named("String"))
        ) { (source: AnyObject) in
            .leaf(.string(try node(source, as: User.self).name))
        },
        FieldDefinition(
            name: "avatar",
            description: "URL of the user's avatar image.",
            type: .nonNull(.named("String"))
        ) { (source: AnyObject) in
            .leaf(.string(try node(source, as: User.self).avatar))
        },
        FieldDefinition(
            name: "backgroundImage",
            description: "URL of the image shown behind the user's profile on their timeline.",
            type: .nonNull(.named("String"))
        ) { (source: AnyObject) in
            .leaf(.string(try node(source, as: User.self).backgroundImage))
        },
    ])
}

/// A resolver received a source of the wrong type: a wiring bug, answered as
/// an internal error rather than a crash.
struct UnexpectedSource: Error {
    let expected: String
}

/// A `resolveNode` resolver's source as the class it expects. Every source
/// class is final, so the check is one comparison of types (`as?` took the
/// runtime's general cast, a few percent of execution).
@inline(__always)
func node<T: AnyObject>(_ source: AnyObject, as type: T.Type) throws -> T {
    guard ObjectIdentifier(Swift.type(of: source)) == ObjectIdentifier(T.self) else {
        throw UnexpectedSource(expected: String(describing: T.self))
    }
    return unsafeDowncast(source, to: T.self)
}

@inline(__always)
func cast<T>(_ source: Any, as type: T.Type) throws -> T {
    guard let value = source as? T else { throw UnexpectedSource(expected: String(describing: T.self)) }
    return value
}

/// An argument the schema declares non-null was missing or of the wrong type
/// after coercion: an engine bug, answered as an internal error.
struct MissingArgument: Error {
    let name: String
}

extension JSONObject {
    func requiredString(_ name: String) throws -> String {
        guard case .string(let value) = self[name] else { throw MissingArgument(name: name) }
        return value
    }

    func requiredBool(_ name: String) throws -> Bool {
        guard case .bool(let value) = self[name] else { throw MissingArgument(name: name) }
        return value
    }

    /// An `Int` argument; nil when absent or null.
    func optionalInt(_ name: String) throws -> Int? {
        switch self[name] {
        case nil, .null?: return nil
        case .int(let value)?: return value
        default: throw MissingArgument(name: name)
        }
    }

    /// A timeline field's `first` and `after` (decoded; a malformed cursor is BAD_USER_INPUT).
    func page() throws -> (first: Int?, after: TimelineCursor?) {
        let after: TimelineCursor? = switch self["after"] {
        case .string(let text)?: try PageCursor.decode(text)
        case nil, .null?: nil
        default: throw MissingArgument(name: "after")
        }
        return (try optionalInt("first"), after)
    }
}
