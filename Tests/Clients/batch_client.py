"""A third-party client sending a batch, for BatchClientLibraryTests: Python's `gql`
(AIOHTTPTransport.execute_batch, the JSON array Apollo's batch link sends) asks the
app's launch pair, its toggles and its timeline, in one request, and prints each
result's data as one JSON line (exits 1 on any error).

  python batch_client.py URL"""
import asyncio, json, sys

TOGGLES = '{ featureToggles(userID: "0") { name enabled } }'
TIMELINE = (
    "query getMomentsDetailsByUserID($userID: ID!, $withLikes: Boolean!) {"
    " getMomentsDetailsByUserID(userID: $userID) { userDetails { id name } moments { id isLiked @include(if: $withLikes) } } }"
)


async def main(url):
    from gql import Client, GraphQLRequest, gql
    from gql.transport.aiohttp import AIOHTTPTransport
    transport = AIOHTTPTransport(url=url, timeout=30)
    async with Client(transport=transport) as session:
        results = await session.execute_batch([
            GraphQLRequest(gql(TOGGLES)),
            GraphQLRequest(gql(TIMELINE), variable_values={"userID": "0", "withLikes": True}),
        ])
    for data in results:
        print(json.dumps(data, sort_keys=True, separators=(",", ":")), flush=True)


if __name__ == "__main__":
    try:
        asyncio.run(main(sys.argv[1]))
    except Exception as error:  # noqa: BLE001 - the test reads the message
        print(f"batch failed: {error!r}", file=sys.stderr, flush=True)
        sys.exit(1)
