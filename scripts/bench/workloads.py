"""What is measured: the two suites (the app over moments-bff, the transport
over http-bench-server), their workloads, databases and answer checks."""
from __future__ import annotations

import json
import random
import sqlite3
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from client import Request, Response, send, with_header

APP_HEADERS = {"Content-Type": "application/json", "Accept": "application/json",
               "x-app-platform": "iOS", "x-app-version": "1.0.0", "x-os-version": "17.0"}

# The synthetic data set: 1,000 users with at least 10 friends each, 3 moments
# per user, up to 5 likes per moment. A timeline (the user's and the friends'
# moments, 33 or more) answers about 18 KB with likes.
SYNTHETIC = {"users": 1000, "friends": 10, "moments": 3, "likes": 5, "seed": 1}
# like-mix: (user, visible moment) pairs drawn once, toggled by 10 % of the requests.
LIKE_PAIRS = 4096
MUTATION_RATIO = 0.1
# The workloads also measured compressed: NAME-gzip and NAME-br send NAME's
# requests with Accept-Encoding: gzip (resp. br). Not among the defaults.
COMPRESSED = ("feed", "feed-synthetic")
CODINGS = ("gzip", "br")


# The app's two documents by operation name, as `moments-bff manifest` prints
# them (the server's own copy, Sources/MomentsAPI/Schema/AppDocuments.swift);
# filled by AppSuite, handed to wrk/app.lua in its environment.
DOCUMENTS: dict[str, str] = {}


def load_documents(binary: str) -> None:
    manifest = json.loads(subprocess.run([binary, "manifest"], check=True, capture_output=True).stdout)
    DOCUMENTS.update({operation["name"]: operation["body"] for operation in manifest["operations"]})


def document_env() -> dict[str, str]:
    return {"BENCH_TIMELINE_DOCUMENT": DOCUMENTS["getMomentsDetailsByUserID"],
            "BENCH_LIKE_DOCUMENT": DOCUMENTS["updateMomentLike"]}


def graphql(operation: str, variables: dict) -> Request:
    """The app's request for one of its two documents, encoded as wrk/app.lua encodes it."""
    body = {"query": DOCUMENTS[operation], "operationName": operation, "variables": variables}
    return Request("POST", "/graphql", json.dumps(body, separators=(",", ":")).encode(), APP_HEADERS)


def timeline(user: str, with_likes: bool = True) -> Request:
    return graphql("getMomentsDetailsByUserID", {"userID": user, "withLikes": with_likes})


def like(moment: str, user: str, is_liked: bool) -> Request:
    return graphql("updateMomentLike", {"momentID": moment, "userID": user, "isLiked": is_liked})


@dataclass
class Workload:
    name: str
    meaning: str
    database: str | None            # "demo", "synthetic" or None
    script: str                     # under wrk/
    path: str                       # the URL's path
    sample: Request                 # the representative request: checked, and the ceiling's answer
    check: Callable[[Response], list[str]]  # problems with our answer to `sample`
    env: dict[str, str] = field(default_factory=dict)
    status_only: bool = False       # a peer's answer is compared by status alone
    encoding: str | None = None     # the Accept-Encoding its requests carry ("gzip", "br"): answers come in it
    plain: str | None = None        # then: the workload sending the same requests without it


def compressed(plain: Workload, coding: str) -> Workload:
    """`plain`'s requests with Accept-Encoding: coding. Its check wants the answer
    in that coding and checks the decoded answer as `plain` checks its own."""
    return Workload(f"{plain.name}-{coding}", f"{plain.name} with Accept-Encoding: {coding}", plain.database,
                    plain.script, plain.path, with_header(plain.sample, "Accept-Encoding", coding),
                    lambda r: coded_problems(r, coding, plain.check),
                    {**plain.env, "BENCH_ACCEPT_ENCODING": coding}, plain.status_only, coding, plain.name)


# --------------------------------------------------------------------------
# answer checks
# --------------------------------------------------------------------------
def _object(pairs) -> dict:
    """A JSON object parsed as (name, value) pairs, as a dict; anything else as {}."""
    try:
        return dict(pairs) if isinstance(pairs, list) else {}
    except (TypeError, ValueError):
        return {}


def timeline_problems(response: Response, user: str, with_likes: bool, root: str = "getMomentsDetailsByUserID",
                      liked: tuple[str, bool] | None = None) -> list[str]:
    if response.status != 200:
        return [f"status {response.status}"]
    try:
        answer = _object(response.json())
    except ValueError:
        return ["the body is not JSON"]
    if "errors" in answer:
        return [f"errors: {response.body[:300]!r}"]
    details = _object(_object(answer.get("data")).get(root))
    moments = [_object(m) for m in details.get("moments") or []]
    problems = []
    if _object(details.get("userDetails")).get("id") != user:
        problems.append(f"userDetails.id is not {user!r}")
    if not moments:
        problems.append("no moments")
    if any(("isLiked" in m) != with_likes or ("likes" in m) != with_likes for m in moments):
        problems.append("isLiked/likes " + ("missing" if with_likes else "present"))
    if liked:
        moment = next((m for m in moments if m.get("id") == liked[0]), None)
        if moment is None or moment.get("isLiked") is not liked[1]:
            problems.append(f"moment {liked[0]} is not isLiked={liked[1]} after the mutation")
    return problems


def coded_problems(response: Response, coding: str, check: Callable[[Response], list[str]]) -> list[str]:
    """An answer that must come in `coding`: that Content-Encoding, a body that
    decodes, and `check`'s problems with the decoded answer."""
    if response.coding != coding:
        return [f"Content-Encoding {response.header('Content-Encoding')!r}, not {coding!r}"] + check(response)
    try:
        return check(response.decoded())
    except ValueError as e:
        return [str(e)]


def ok_text(response: Response) -> list[str]:
    return [] if response.status == 200 and response.body.strip() == b"ok" else [f"status {response.status}, {response.body[:40]!r}"]


def json_object(response: Response) -> list[str]:
    try:
        return [] if response.status == 200 and isinstance(response.json(), list) else [f"status {response.status}"]
    except ValueError:
        return ["the body is not JSON"]


# --------------------------------------------------------------------------
# like-mix's pairs
# --------------------------------------------------------------------------
def like_pairs(database: Path, count: int, seed: int) -> list[tuple[str, str, bool]]:
    """(user, moment the user sees, liked now), drawn with a fixed seed."""
    # immutable: reads the file as it is, with no -wal or -shm beside it
    db = sqlite3.connect(f"file:{database}?immutable=1", uri=True)
    try:
        users = [u for (u,) in db.execute("SELECT id FROM users ORDER BY CAST(id AS INTEGER)")]
        draw, visible, pairs = random.Random(seed), {}, []
        for _ in range(count):
            user = draw.choice(users)
            if user not in visible:
                visible[user] = [m for (m,) in db.execute(
                    "SELECT id FROM moments WHERE user_id = ?1 OR user_id IN "
                    "(SELECT friend_id FROM friendships WHERE user_id = ?1) ORDER BY id", (user,))]
            if visible[user]:
                moment = draw.choice(visible[user])
                liked = db.execute("SELECT 1 FROM moment_likes WHERE moment_id = ? AND user_id = ?",
                                   (moment, user)).fetchone() is not None
                pairs.append((user, moment, liked))
        return pairs
    finally:
        db.close()


def write_lua_pairs(pairs: list[tuple[str, str, bool]], path: Path) -> None:
    rows = "".join(f'  {{"{u}", "{m}", {int(liked)}}},\n' for u, m, liked in pairs)
    path.write_text("return {\n" + rows + "}\n")


def mutation_problems(url: str, pair: tuple[str, str, bool]) -> list[str]:
    """Toggles one pair's like and back; both answers must show the new state, with no errors."""
    user, moment, liked = pair
    problems = []
    for state in (not liked, liked):
        answer = send(url, like(moment, user, state))
        problems += timeline_problems(answer, user, True, root="updateMomentLike", liked=(moment, state))
    return problems


# --------------------------------------------------------------------------
# suites
# --------------------------------------------------------------------------
class AppSuite:
    """moments-bff with the app's requests, on the demo and the synthetic data."""

    name = "app"
    ours = "moments-bff"
    default_workloads = ["healthz", "feed", "feed-nolikes", "feed-synthetic", "like-mix"]

    def __init__(self, binary: str, extra_args: list[str]) -> None:
        self.binary = binary
        self.extra_args = extra_args
        self.pairs: list[tuple[str, str, bool]] = []
        load_documents(binary)
        self.workloads = {w.name: w for w in self._workloads()}
        for workload in self.workloads.values():
            if workload.script == "app.lua":
                workload.env.update(document_env())

    def _workloads(self) -> list[Workload]:
        plain = self._plain_workloads()
        return plain + [compressed(w, coding) for w in plain if w.name in COMPRESSED for coding in CODINGS]

    def _plain_workloads(self) -> list[Workload]:
        users = str(SYNTHETIC["users"])
        return [
            Workload("healthz", "GET /healthz: the HTTP path alone", "demo", "get.lua", "/healthz",
                     Request("GET", "/healthz"), ok_text, status_only=True),
            Workload("feed", "the app's timeline with likes, demo data, user 0", "demo", "app.lua", "/graphql",
                     timeline("0"), lambda r: timeline_problems(r, "0", True), {"BENCH_USER": "0"}),
            Workload("feed-nolikes", "the same with withLikes false", "demo", "app.lua", "/graphql",
                     timeline("0", False), lambda r: timeline_problems(r, "0", False),
                     {"BENCH_USER": "0", "BENCH_WITH_LIKES": "false"}),
            Workload("feed-synthetic", f"the timeline of a random user of {users}, synthetic data",
                     "synthetic", "app.lua", "/graphql", timeline("0"), lambda r: timeline_problems(r, "0", True),
                     {"BENCH_USERS": users}),
            Workload("like-mix", f"{100 - MUTATION_RATIO * 100:.0f} % timelines as feed-synthetic, "
                     f"{MUTATION_RATIO * 100:.0f} % updateMomentLike toggling a like", "synthetic", "app.lua",
                     "/graphql", timeline("0"), lambda r: timeline_problems(r, "0", True),
                     {"BENCH_USERS": users, "BENCH_MUTATION_RATIO": str(MUTATION_RATIO)}),
        ]

    def command(self, database: Path | None) -> list[str]:
        return [self.binary, "--port", "0", "--database", str(database), *self.extra_args]

    def make_databases(self, directory: Path, needed: set[str]) -> dict[str, Path]:
        made = {}
        for kind in sorted(needed):
            path = directory / f"{kind}.sqlite"
            options = [] if kind == "demo" else ["--synthetic"] + [
                x for k, v in SYNTHETIC.items() for x in (f"--{k}", str(v))]
            subprocess.run([self.binary, "seed", "--database", str(path), *options], check=True,
                           stdout=subprocess.DEVNULL)
            made[kind] = path
        if "synthetic" in made:
            self.pairs = like_pairs(made["synthetic"], LIKE_PAIRS, SYNTHETIC["seed"])
            pairs_file = directory / "like-pairs.lua"
            write_lua_pairs(self.pairs, pairs_file)
            self.workloads["like-mix"].env["BENCH_LIKE_PAIRS"] = str(pairs_file)
        return made

    def extra_problems(self, workload: Workload, url: str) -> list[str]:
        """Checks beyond the sample request: like-mix's mutation answers."""
        return mutation_problems(url, self.pairs[0]) if workload.name == "like-mix" else []


class TransportSuite:
    """http-bench-server: the HTTP layer alone, no GraphQL, no database."""

    name = "http"
    ours = "http-bench-server"
    default_workloads = ["healthz", "json"]

    def __init__(self, binary: str, extra_args: list[str]) -> None:
        self.binary = binary
        self.extra_args = extra_args
        self.workloads = {w.name: w for w in [
            Workload("healthz", "GET /healthz, 3 bytes", None, "get.lua", "/healthz",
                     Request("GET", "/healthz"), ok_text),
            Workload("json", "GET /json, a fixed 2.5 KB JSON body", None, "get.lua", "/json",
                     Request("GET", "/json"), json_object),
        ]}

    def command(self, database: Path | None) -> list[str]:
        return [self.binary, "--port", "0", *self.extra_args]

    def make_databases(self, directory: Path, needed: set[str]) -> dict[str, Path]:
        return {}

    def extra_problems(self, workload: Workload, url: str) -> list[str]:
        return []


SUITES = {"app": AppSuite, "http": TransportSuite}
