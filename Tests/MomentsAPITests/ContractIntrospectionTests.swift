import GraphQL
import JSON
import MomentsAPI
import Testing
import TestSupport

/// Tooling's view of the schema: graphql-js's standard introspection query
/// (`getIntrospectionQuery()`) against the served schema.
///
/// The expected data is what graphql-core 3.2.8 answers for the SDL that
/// `moments-bff schema` prints (`graphql_sync(build_schema(sdl), query)`), and
/// graphql-core's `print_schema(build_client_schema(expected))` is that SDL
/// again, which without its descriptions is exactly the schema of
/// docs/api.md: so a client that introspects this server rebuilds the API's
/// schema, descriptions included (`scripts/check-sdl.py` checks the same
/// against a running server). (graphql-core 3.2.8 also lists the
/// experimental `@oneOf` directive, which graphql-js 16 does not specify and
/// which only applies to input objects; it is left out of the expectation.)
@Suite struct ContractIntrospectionTests {

    static let expectedData = ##"{"__schema":{"queryType":{"name":"Query"},"mutationType":{"name":"Mutation"},"subscriptionType":null,"types":[{"kind":"OBJECT","name":"UserDetails","description":"A user's public profile.","fields":[{"name":"id","description":"The user's id.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"ID","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"name","description":"The user's display name.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"String","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"avatar","description":"URL of the user's avatar image.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"String","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"backgroundImage","description":"URL of the image shown behind the user's profile on their timeline.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"String","ofType":null}},"isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},{"kind":"SCALAR","name":"ID","description":"The `ID` scalar type represents a unique identifier, often used to refetch an object or as key for a cache. The ID type appears in a JSON response as a String; however, it is not intended to be human-readable. When expected as an input type, any string (such as `\"4\"`) or integer (such as `4`) input value will be accepted as an ID.","fields":null,"inputFields":null,"interfaces":null,"enumValues":null,"possibleTypes":null},{"kind":"SCALAR","name":"String","description":"The `String` scalar type represents textual data, represented as UTF-8 character sequences. The String type is most often used by GraphQL to represent free-form human-readable text.","fields":null,"inputFields":null,"interfaces":null,"enumValues":null,"possibleTypes":null},{"kind":"ENUM","name":"MomentType","description":"What a moment shares.","fields":null,"inputFields":null,"interfaces":null,"enumValues":[{"name":"URL","description":"A link, in `url`.","isDeprecated":false,"deprecationReason":null},{"name":"PHOTOS","description":"Photos, in `photos`.","isDeprecated":false,"deprecationReason":null}],"possibleTypes":null},{"kind":"OBJECT","name":"Moment","description":"A post on a timeline: a link or photos, with its author and its likes.","fields":[{"name":"id","description":"The moment's id.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"ID","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"userDetails","description":"The moment's author.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"UserDetails","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"type","description":"Whether the moment shares a link or photos.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"ENUM","name":"MomentType","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"title","description":"The moment's text, if any.","args":[],"type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":false,"deprecationReason":null},{"name":"url","description":"The link a URL moment shares; null when there is none.","args":[],"type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":false,"deprecationReason":null},{"name":"photos","description":"URLs of the moment's photos, in order; empty when there are none.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"String","ofType":null}}}},"isDeprecated":false,"deprecationReason":null},{"name":"createdDate","description":"Creation time in whole Unix seconds, as a decimal string.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"String","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"isLiked","description":"Whether the viewer (the operation's userID) likes this moment.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"Boolean","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"likes","description":"The users who like this moment, oldest like first: the first `first` of them (`likesCount` says how many there are).","args":[{"name":"first","description":"How many likers at most: 0 to the server's maximum page size (--max-page-size, 100 by default), which is also what an absent `first` gets; anything else is BAD_USER_INPUT.","type":{"kind":"SCALAR","name":"Int","ofType":null},"defaultValue":null}],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"UserDetails","ofType":null}}}},"isDeprecated":false,"deprecationReason":null},{"name":"likesCount","description":"How many users like this moment (kept as likes are written, never counted on read).","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"Int","ofType":null}},"isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},{"kind":"SCALAR","name":"Boolean","description":"The `Boolean` scalar type represents `true` or `false`.","fields":null,"inputFields":null,"interfaces":null,"enumValues":null,"possibleTypes":null},{"kind":"SCALAR","name":"Int","description":"The `Int` scalar type represents non-fractional signed whole numeric values. Int can represent values between -(2^31) and 2^31 - 1.","fields":null,"inputFields":null,"interfaces":null,"enumValues":null,"possibleTypes":null},{"kind":"OBJECT","name":"MomentsDetails","description":"A user's timeline: their profile and the moments they may see.","fields":[{"name":"userDetails","description":"The profile of the user whose timeline this is.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"UserDetails","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"moments","description":"The moments written by the user or a friend, newest first (createdDate, then id, descending): one page of them (see `first` and `after`).","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"Moment","ofType":null}}}},"isDeprecated":false,"deprecationReason":null},{"name":"pageInfo","description":"Where this page ends, to ask for the next one.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"PageInfo","ofType":null}},"isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},{"kind":"OBJECT","name":"PageInfo","description":"How a page of a timeline ends.","fields":[{"name":"endCursor","description":"An opaque cursor after the page's last moment: pass it as `after` for the next page. Null when the page is empty.","args":[],"type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":false,"deprecationReason":null},{"name":"hasNextPage","description":"Whether older moments follow this page.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"Boolean","ofType":null}},"isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},{"kind":"OBJECT","name":"FeatureToggle","description":"A remote toggle and how it evaluates for this request.","fields":[{"name":"name","description":"The toggle's name, as in Unleash (e.g. `isLikeButtonForMomentEnabled`).","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"String","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"enabled","description":"Whether the toggle is on for this request's context.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"Boolean","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"variant","description":"The variant this context gets; null when the toggle is off or has no variant for it.","args":[],"type":{"kind":"OBJECT","name":"ToggleVariant","ofType":null},"isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},{"kind":"OBJECT","name":"ToggleVariant","description":"A variant of a remote toggle, for A/B tests and configuration.","fields":[{"name":"name","description":"The variant's name.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"String","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"enabled","description":"Whether the variant is enabled (always true for a variant a toggle gives).","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"Boolean","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"payload","description":"The variant's payload value as text (a string, JSON, CSV or number, as set in Unleash); null when it has none.","args":[],"type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},{"kind":"OBJECT","name":"Query","description":"Reading timelines.","fields":[{"name":"getMomentsDetailsByUserID","description":"A user's timeline: their own moments and their friends', newest first.","args":[{"name":"userID","description":"The user whose timeline to read, and the viewer for `isLiked`; an unknown id is a NOT_FOUND error.","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"ID","ofType":null}},"defaultValue":null},{"name":"first","description":"How many moments the page holds at most: 0 to the server's maximum page size (--max-page-size, 100 by default), which is also what an absent `first` gets; anything else is BAD_USER_INPUT.","type":{"kind":"SCALAR","name":"Int","ofType":null},"defaultValue":null},{"name":"after","description":"Start after this cursor: a `pageInfo.endCursor` from an earlier page (newer posts never shift it). Absent, the page starts with the newest moment; a cursor not made by the server is BAD_USER_INPUT.","type":{"kind":"SCALAR","name":"String","ofType":null},"defaultValue":null}],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"MomentsDetails","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"featureToggles","description":"Every remote toggle, evaluated for this request as an Unleash SDK would: userId from `userID`, sessionId from the x-session-id header, remoteAddress the client's address, and the properties appVersion, platform and osVersion from the x-app-version, x-app-platform and x-os-version headers.","args":[{"name":"userID","description":"The user to evaluate for (gradual rollouts and userWithId); omitted, the token's subject when authentication is on, else no userId.","type":{"kind":"SCALAR","name":"ID","ofType":null},"defaultValue":null}],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"FeatureToggle","ofType":null}}}},"isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},{"kind":"OBJECT","name":"Mutation","description":"Liking and unliking moments.","fields":[{"name":"updateMomentLike","description":"Likes or unlikes a moment as a user, then returns that user's timeline.","args":[{"name":"momentID","description":"The moment to like or unlike: one the user or a friend of theirs wrote, else NOT_FOUND.","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"ID","ofType":null}},"defaultValue":null},{"name":"userID","description":"The user who likes or unlikes (an unknown id is NOT_FOUND); their timeline is returned.","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"ID","ofType":null}},"defaultValue":null},{"name":"isLiked","description":"True to like (liking again keeps the first like), false to unlike (an absent like is fine).","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"Boolean","ofType":null}},"defaultValue":null},{"name":"first","description":"How many moments the page holds at most: 0 to the server's maximum page size (--max-page-size, 100 by default), which is also what an absent `first` gets; anything else is BAD_USER_INPUT.","type":{"kind":"SCALAR","name":"Int","ofType":null},"defaultValue":null},{"name":"after","description":"Start after this cursor: a `pageInfo.endCursor` from an earlier page (newer posts never shift it). Absent, the page starts with the newest moment; a cursor not made by the server is BAD_USER_INPUT.","type":{"kind":"SCALAR","name":"String","ofType":null},"defaultValue":null}],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"MomentsDetails","ofType":null}},"isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},{"kind":"OBJECT","name":"__Schema","description":"A GraphQL Schema defines the capabilities of a GraphQL server. It exposes all available types and directives on the server, as well as the entry points for query, mutation, and subscription operations.","fields":[{"name":"description","description":null,"args":[],"type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":false,"deprecationReason":null},{"name":"types","description":"A list of all types supported by this server.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"__Type","ofType":null}}}},"isDeprecated":false,"deprecationReason":null},{"name":"queryType","description":"The type that query operations will be rooted at.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"__Type","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"mutationType","description":"If this server supports mutation, the type that mutation operations will be rooted at.","args":[],"type":{"kind":"OBJECT","name":"__Type","ofType":null},"isDeprecated":false,"deprecationReason":null},{"name":"subscriptionType","description":"If this server supports subscription, the type that subscription operations will be rooted at.","args":[],"type":{"kind":"OBJECT","name":"__Type","ofType":null},"isDeprecated":false,"deprecationReason":null},{"name":"directives","description":"A list of all directives supported by this server.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"__Directive","ofType":null}}}},"isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},{"kind":"OBJECT","name":"__Type","description":"The fundamental unit of any GraphQL Schema is the type. There are many kinds of types in GraphQL as represented by the `__TypeKind` enum.\n\nDepending on the kind of a type, certain fields describe information about that type. Scalar types provide no information beyond a name, description and optional `specifiedByURL`, while Enum types provide their values. Object and Interface types provide the fields they describe. Abstract types, Union and Interface, provide the Object types possible at runtime. List and NonNull types compose other types.","fields":[{"name":"kind","description":null,"args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"ENUM","name":"__TypeKind","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"name","description":null,"args":[],"type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":false,"deprecationReason":null},{"name":"description","description":null,"args":[],"type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":false,"deprecationReason":null},{"name":"specifiedByURL","description":null,"args":[],"type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":false,"deprecationReason":null},{"name":"fields","description":null,"args":[{"name":"includeDeprecated","description":null,"type":{"kind":"SCALAR","name":"Boolean","ofType":null},"defaultValue":"false"}],"type":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"__Field","ofType":null}}},"isDeprecated":false,"deprecationReason":null},{"name":"interfaces","description":null,"args":[],"type":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"__Type","ofType":null}}},"isDeprecated":false,"deprecationReason":null},{"name":"possibleTypes","description":null,"args":[],"type":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"__Type","ofType":null}}},"isDeprecated":false,"deprecationReason":null},{"name":"enumValues","description":null,"args":[{"name":"includeDeprecated","description":null,"type":{"kind":"SCALAR","name":"Boolean","ofType":null},"defaultValue":"false"}],"type":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"__EnumValue","ofType":null}}},"isDeprecated":false,"deprecationReason":null},{"name":"inputFields","description":null,"args":[{"name":"includeDeprecated","description":null,"type":{"kind":"SCALAR","name":"Boolean","ofType":null},"defaultValue":"false"}],"type":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"__InputValue","ofType":null}}},"isDeprecated":false,"deprecationReason":null},{"name":"ofType","description":null,"args":[],"type":{"kind":"OBJECT","name":"__Type","ofType":null},"isDeprecated":false,"deprecationReason":null},{"name":"isOneOf","description":null,"args":[],"type":{"kind":"SCALAR","name":"Boolean","ofType":null},"isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},{"kind":"ENUM","name":"__TypeKind","description":"An enum describing what kind of type a given `__Type` is.","fields":null,"inputFields":null,"interfaces":null,"enumValues":[{"name":"SCALAR","description":"Indicates this type is a scalar.","isDeprecated":false,"deprecationReason":null},{"name":"OBJECT","description":"Indicates this type is an object. `fields` and `interfaces` are valid fields.","isDeprecated":false,"deprecationReason":null},{"name":"INTERFACE","description":"Indicates this type is an interface. `fields`, `interfaces`, and `possibleTypes` are valid fields.","isDeprecated":false,"deprecationReason":null},{"name":"UNION","description":"Indicates this type is a union. `possibleTypes` is a valid field.","isDeprecated":false,"deprecationReason":null},{"name":"ENUM","description":"Indicates this type is an enum. `enumValues` is a valid field.","isDeprecated":false,"deprecationReason":null},{"name":"INPUT_OBJECT","description":"Indicates this type is an input object. `inputFields` is a valid field.","isDeprecated":false,"deprecationReason":null},{"name":"LIST","description":"Indicates this type is a list. `ofType` is a valid field.","isDeprecated":false,"deprecationReason":null},{"name":"NON_NULL","description":"Indicates this type is a non-null. `ofType` is a valid field.","isDeprecated":false,"deprecationReason":null}],"possibleTypes":null},{"kind":"OBJECT","name":"__Field","description":"Object and Interface types are described by a list of Fields, each of which has a name, potentially a list of arguments, and a return type.","fields":[{"name":"name","description":null,"args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"String","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"description","description":null,"args":[],"type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":false,"deprecationReason":null},{"name":"args","description":null,"args":[{"name":"includeDeprecated","description":null,"type":{"kind":"SCALAR","name":"Boolean","ofType":null},"defaultValue":"false"}],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"__InputValue","ofType":null}}}},"isDeprecated":false,"deprecationReason":null},{"name":"type","description":null,"args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"__Type","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"isDeprecated","description":null,"args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"Boolean","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"deprecationReason","description":null,"args":[],"type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},{"kind":"OBJECT","name":"__InputValue","description":"Arguments provided to Fields or Directives and the input fields of an InputObject are represented as Input Values which describe their type and optionally a default value.","fields":[{"name":"name","description":null,"args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"String","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"description","description":null,"args":[],"type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":false,"deprecationReason":null},{"name":"type","description":null,"args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"__Type","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"defaultValue","description":"A GraphQL-formatted string representing the default value for this input value.","args":[],"type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":false,"deprecationReason":null},{"name":"isDeprecated","description":null,"args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"Boolean","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"deprecationReason","description":null,"args":[],"type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},{"kind":"OBJECT","name":"__EnumValue","description":"One possible value for a given Enum. Enum values are unique values, not a placeholder for a string or numeric value. However an Enum value is returned in a JSON response as a string.","fields":[{"name":"name","description":null,"args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"String","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"description","description":null,"args":[],"type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":false,"deprecationReason":null},{"name":"isDeprecated","description":null,"args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"Boolean","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"deprecationReason","description":null,"args":[],"type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},{"kind":"OBJECT","name":"__Directive","description":"A Directive provides a way to describe alternate runtime execution and type validation behavior in a GraphQL document.\n\nIn some cases, you need to provide options to alter GraphQL's execution behavior in ways field arguments will not suffice, such as conditionally including or skipping a field. Directives provide this by describing additional information to the executor.","fields":[{"name":"name","description":null,"args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"String","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"description","description":null,"args":[],"type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":false,"deprecationReason":null},{"name":"isRepeatable","description":null,"args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"Boolean","ofType":null}},"isDeprecated":false,"deprecationReason":null},{"name":"locations","description":null,"args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"ENUM","name":"__DirectiveLocation","ofType":null}}}},"isDeprecated":false,"deprecationReason":null},{"name":"args","description":null,"args":[{"name":"includeDeprecated","description":null,"type":{"kind":"SCALAR","name":"Boolean","ofType":null},"defaultValue":"false"}],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"__InputValue","ofType":null}}}},"isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},{"kind":"ENUM","name":"__DirectiveLocation","description":"A Directive can be adjacent to many parts of the GraphQL language, a __DirectiveLocation describes one such possible adjacencies.","fields":null,"inputFields":null,"interfaces":null,"enumValues":[{"name":"QUERY","description":"Location adjacent to a query operation.","isDeprecated":false,"deprecationReason":null},{"name":"MUTATION","description":"Location adjacent to a mutation operation.","isDeprecated":false,"deprecationReason":null},{"name":"SUBSCRIPTION","description":"Location adjacent to a subscription operation.","isDeprecated":false,"deprecationReason":null},{"name":"FIELD","description":"Location adjacent to a field.","isDeprecated":false,"deprecationReason":null},{"name":"FRAGMENT_DEFINITION","description":"Location adjacent to a fragment definition.","isDeprecated":false,"deprecationReason":null},{"name":"FRAGMENT_SPREAD","description":"Location adjacent to a fragment spread.","isDeprecated":false,"deprecationReason":null},{"name":"INLINE_FRAGMENT","description":"Location adjacent to an inline fragment.","isDeprecated":false,"deprecationReason":null},{"name":"VARIABLE_DEFINITION","description":"Location adjacent to a variable definition.","isDeprecated":false,"deprecationReason":null},{"name":"SCHEMA","description":"Location adjacent to a schema definition.","isDeprecated":false,"deprecationReason":null},{"name":"SCALAR","description":"Location adjacent to a scalar definition.","isDeprecated":false,"deprecationReason":null},{"name":"OBJECT","description":"Location adjacent to an object type definition.","isDeprecated":false,"deprecationReason":null},{"name":"FIELD_DEFINITION","description":"Location adjacent to a field definition.","isDeprecated":false,"deprecationReason":null},{"name":"ARGUMENT_DEFINITION","description":"Location adjacent to an argument definition.","isDeprecated":false,"deprecationReason":null},{"name":"INTERFACE","description":"Location adjacent to an interface definition.","isDeprecated":false,"deprecationReason":null},{"name":"UNION","description":"Location adjacent to a union definition.","isDeprecated":false,"deprecationReason":null},{"name":"ENUM","description":"Location adjacent to an enum definition.","isDeprecated":false,"deprecationReason":null},{"name":"ENUM_VALUE","description":"Location adjacent to an enum value definition.","isDeprecated":false,"deprecationReason":null},{"name":"INPUT_OBJECT","description":"Location adjacent to an input object type definition.","isDeprecated":false,"deprecationReason":null},{"name":"INPUT_FIELD_DEFINITION","description":"Location adjacent to an input object field definition.","isDeprecated":false,"deprecationReason":null}],"possibleTypes":null}],"directives":[{"name":"include","description":"Directs the executor to include this field or fragment only when the `if` argument is true.","locations":["FIELD","FRAGMENT_SPREAD","INLINE_FRAGMENT"],"args":[{"name":"if","description":"Included when true.","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"Boolean","ofType":null}},"defaultValue":null}]},{"name":"skip","description":"Directs the executor to skip this field or fragment when the `if` argument is true.","locations":["FIELD","FRAGMENT_SPREAD","INLINE_FRAGMENT"],"args":[{"name":"if","description":"Skipped when true.","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"Boolean","ofType":null}},"defaultValue":null}]},{"name":"deprecated","description":"Marks an element of a GraphQL schema as no longer supported.","locations":["FIELD_DEFINITION","ARGUMENT_DEFINITION","INPUT_FIELD_DEFINITION","ENUM_VALUE"],"args":[{"name":"reason","description":"Explains why this element was deprecated, usually also including a suggestion for how to access supported similar data. Formatted using the Markdown syntax, as specified by [CommonMark](https://commonmark.org/).","type":{"kind":"SCALAR","name":"String","ofType":null},"defaultValue":"\"No longer supported\""}]},{"name":"specifiedBy","description":"Exposes a URL that specifies the behavior of this scalar.","locations":["SCALAR"],"args":[{"name":"url","description":"The URL that specifies the behavior of this scalar.","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"String","ofType":null}},"defaultValue":null}]}]}}"##

    @Test func standardIntrospectionRebuildsTheContractSchema() {
        let engine = GraphQLEngine(schema: MomentsSchema.schema)
        let body = String(decoding: engine.execute(query: IntrospectionQuery.standard).body, as: UTF8.self)
        #expect(body == #"{"data":"# + Self.expectedData + "}")
    }

    /// Expected: graphql-core 3.2.8 `print_schema(build_schema(sdl))` of this
    /// very text, which prints it unchanged (graphql-js's block strings: one
    /// line up to 70 characters, else three).
    @Test func printedSchemaIsTheAPIsWithDescriptions() {
        #expect(printSchema(MomentsSchema.schema) == Self.expectedSDL)
    }

    /// Every type, field, argument and enum value of the app's schema says
    /// what it is, to anyone who introspects it (an explorer's docs pane).
    @Test func introspectionDescribesEveryTypeFieldArgumentAndEnumValue() throws {
        let query = """
            { __schema { types { name description
                fields { name description args { name description } }
                enumValues { name description } } } }
            """
        let engine = GraphQLEngine(schema: MomentsSchema.schema)
        let body = try JSONParser.parse(engine.execute(query: query).body)
        guard case .object(let response) = body, case .object(let data)? = response["data"],
              case .object(let schema)? = data["__schema"], case .array(let types)? = schema["types"] else {
            Issue.record("no __schema.types in \(String(decoding: engine.execute(query: query).body, as: UTF8.self))")
            return
        }
        let builtIn: Set = ["ID", "String", "Int", "Float", "Boolean"]
        var described: [String] = []
        var undescribed: [String] = []
        func check(_ value: JSONValue, _ name: String) {
            guard case .object(let object) = value else {
                undescribed.append(name)
                return
            }
            if case .string(let text)? = object["description"], !text.isEmpty { described.append(name) } else { undescribed.append(name) }
        }
        for type in types {
            guard case .object(let object) = type, case .string(let typeName)? = object["name"],
                  !typeName.hasPrefix("__"), !builtIn.contains(typeName) else { continue }
            check(type, typeName)
            if case .array(let fields)? = object["fields"] {
                for field in fields {
                    guard case .object(let fieldObject) = field, case .string(let fieldName)? = fieldObject["name"] else { continue }
                    check(field, "\(typeName).\(fieldName)")
                    if case .array(let arguments)? = fieldObject["args"] {
                        for argument in arguments {
                            guard case .object(let argumentObject) = argument, case .string(let argumentName)? = argumentObject["name"] else { continue }
                            check(argument, "\(typeName).\(fieldName)(\(argumentName))")
                        }
                    }
                }
            }
            if case .array(let values)? = object["enumValues"] {
                for value in values {
                    guard case .object(let valueObject) = value, case .string(let valueName)? = valueObject["name"] else { continue }
                    check(value, "\(typeName).\(valueName)")
                }
            }
        }
        #expect(undescribed == [])
        // 9 types, 28 fields, 10 arguments, 2 enum values: the schema of docs/api.md.
        #expect(described.count == 49)
    }

    static let expectedSDL = #"""
        """A user's public profile."""
        type UserDetails {
          """The user's id."""
          id: ID!

          """The user's display name."""
          name: String!

          """URL of the user's avatar image."""
          avatar: String!

          """URL of the image shown behind the user's profile on their timeline."""
          backgroundImage: String!
        }

        """What a moment shares."""
        enum MomentType {
          """A link, in `url`."""
          URL

          """Photos, in `photos`."""
          PHOTOS
        }

        """A post on a timeline: a link or photos, with its author and its likes."""
        type Moment {
          """The moment's id."""
          id: ID!

          """The moment's author."""
          userDetails: UserDetails!

          """Whether the moment shares a link or photos."""
          type: MomentType!

          """The moment's text, if any."""
          title: String

          """The link a URL moment shares; null when there is none."""
          url: String

          """URLs of the moment's photos, in order; empty when there are none."""
          photos: [String!]!

          """Creation time in whole Unix seconds, as a decimal string."""
          createdDate: String!

          """Whether the viewer (the operation's userID) likes this moment."""
          isLiked: Boolean!

          """
          The users who like this moment, oldest like first: the first `first` of them (`likesCount` says how many there are).
          """
          likes(
            """
            How many likers at most: 0 to the server's maximum page size (--max-page-size, 100 by default), which is also what an absent `first` gets; anything else is BAD_USER_INPUT.
            """
            first: Int
          ): [UserDetails!]!

          """
          How many users like this moment (kept as likes are written, never counted on read).
          """
          likesCount: Int!
        }

        """A user's timeline: their profile and the moments they may see."""
        type MomentsDetails {
          """The profile of the user whose timeline this is."""
          userDetails: UserDetails!

          """
          The moments written by the user or a friend, newest first (createdDate, then id, descending): one page of them (see `first` and `after`).
          """
          moments: [Moment!]!

          """Where this page ends, to ask for the next one."""
          pageInfo: PageInfo!
        }

        """How a page of a timeline ends."""
        type PageInfo {
          """
          An opaque cursor after the page's last moment: pass it as `after` for the next page. Null when the page is empty.
          """
          endCursor: String

          """Whether older moments follow this page."""
          hasNextPage: Boolean!
        }

        """A remote toggle and how it evaluates for this request."""
        type FeatureToggle {
          """
          The toggle's name, as in Unleash (e.g. `isLikeButtonForMomentEnabled`).
          """
          name: String!

          """Whether the toggle is on for this request's context."""
          enabled: Boolean!

          """
          The variant this context gets; null when the toggle is off or has no variant for it.
          """
          variant: ToggleVariant
        }

        """A variant of a remote toggle, for A/B tests and configuration."""
        type ToggleVariant {
          """The variant's name."""
          name: String!

          """
          Whether the variant is enabled (always true for a variant a toggle gives).
          """
          enabled: Boolean!

          """
          The variant's payload value as text (a string, JSON, CSV or number, as set in Unleash); null when it has none.
          """
          payload: String
        }

        """Reading timelines."""
        type Query {
          """A user's timeline: their own moments and their friends', newest first."""
          getMomentsDetailsByUserID(
            """
            The user whose timeline to read, and the viewer for `isLiked`; an unknown id is a NOT_FOUND error.
            """
            userID: ID!

            """
            How many moments the page holds at most: 0 to the server's maximum page size (--max-page-size, 100 by default), which is also what an absent `first` gets; anything else is BAD_USER_INPUT.
            """
            first: Int

            """
            Start after this cursor: a `pageInfo.endCursor` from an earlier page (newer posts never shift it). Absent, the page starts with the newest moment; a cursor not made by the server is BAD_USER_INPUT.
            """
            after: String
          ): MomentsDetails!

          """
          Every remote toggle, evaluated for this request as an Unleash SDK would: userId from `userID`, sessionId from the x-session-id header, remoteAddress the client's address, and the properties appVersion, platform and osVersion from the x-app-version, x-app-platform and x-os-version headers.
          """
          featureToggles(
            """
            The user to evaluate for (gradual rollouts and userWithId); omitted, the token's subject when authentication is on, else no userId.
            """
            userID: ID
          ): [FeatureToggle!]!
        }

        """Liking and unliking moments."""
        type Mutation {
          """
          Likes or unlikes a moment as a user, then returns that user's timeline.
          """
          updateMomentLike(
            """
            The moment to like or unlike: one the user or a friend of theirs wrote, else NOT_FOUND.
            """
            momentID: ID!

            """
            The user who likes or unlikes (an unknown id is NOT_FOUND); their timeline is returned.
            """
            userID: ID!

            """
            True to like (liking again keeps the first like), false to unlike (an absent like is fine).
            """
            isLiked: Boolean!

            """
            How many moments the page holds at most: 0 to the server's maximum page size (--max-page-size, 100 by default), which is also what an absent `first` gets; anything else is BAD_USER_INPUT.
            """
            first: Int

            """
            Start after this cursor: a `pageInfo.endCursor` from an earlier page (newer posts never shift it). Absent, the page starts with the newest moment; a cursor not made by the server is BAD_USER_INPUT.
            """
            after: String
          ): MomentsDetails!
        }
        """#
}
