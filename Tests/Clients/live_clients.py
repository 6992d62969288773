"""Third-party clients reading live likes, for LiveClientLibraryTests: Python's `gql`
(AIOHTTPTransport.subscribe: Apollo's multipart protocol) or `httpx-sse` (Server-Sent
Events). Subscribes to user 0's momentLikesChanged at URL, prints each result's data as
one JSON line (flushed), and exits 0 after COUNT results (or 1 on any error).

  python live_clients.py gql|sse URL COUNT"""
import asyncio, json, sys

QUERY = "subscription Live($userID: ID!) { momentLikesChanged(userID: $userID) { id isLiked likesCount } }"
VARIABLES = {"userID": "0"}


def emit(data):
    print(json.dumps(data, sort_keys=True, separators=(",", ":")), flush=True)


async def with_gql(url, count):
    from gql import Client, gql
    from gql.transport.aiohttp import AIOHTTPTransport
    transport = AIOHTTPTransport(url=url, timeout=30)
    async with Client(transport=transport) as session:
        seen = 0
        async for result in session.subscribe(gql(QUERY), variable_values=VARIABLES):
            emit(result)
            seen += 1
            if seen >= count:
                return


def with_sse(url, count):
    import httpx
    from httpx_sse import connect_sse
    body = {"query": QUERY, "variables": VARIABLES, "operationName": "Live"}
    with httpx.Client(timeout=httpx.Timeout(30)) as client:
        with connect_sse(client, "POST", url, json=body) as source:
            source.response.raise_for_status()
            seen = 0
            for event in source.iter_sse():
                if event.event == "next":
                    emit(json.loads(event.data)["data"])
                    seen += 1
                    if seen >= count:
                        return
                elif event.event == "complete":
                    raise SystemExit(f"the stream completed after {seen} results")


def main():
    mode, url, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if mode == "gql":
        asyncio.run(asyncio.wait_for(with_gql(url, count), 60))
    else:
        with_sse(url, count)


if __name__ == "__main__":
    main()
