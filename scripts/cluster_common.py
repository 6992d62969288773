"""What scripts/cluster-check.py and scripts/failover-check.py share: the app's
request headers and operations, one keep-alive connection to a server, a
timeline's like states, and psql. Python 3.11 standard library."""
from __future__ import annotations

import glob
import http.client
import json
import subprocess
from urllib.parse import urlsplit

HEADERS = {"Content-Type": "application/json", "Accept": "application/json",
           "x-app-platform": "iOS", "x-app-version": "1.0.0", "x-os-version": "17.0"}
TIMELINE, LIKE = "getMomentsDetailsByUserID", "updateMomentLike"


class Connection:
    """One keep-alive connection to `url`, opened on demand; what to do after a failure is the caller's."""

    def __init__(self, url: str, documents: dict[str, str], timeout: float) -> None:
        target = urlsplit(url)
        self.host, self.port, self.timeout = target.hostname, target.port, timeout
        self.documents = documents
        self.connection: http.client.HTTPConnection | None = None

    def send(self, operation: str, variables: dict) -> tuple[int, bytes, str]:
        """POSTs one of the app's operations: status, body, and the instance that answered (X-Served-By)."""
        body = json.dumps({"query": self.documents[operation], "operationName": operation,
                           "variables": variables}).encode()
        if self.connection is None:
            self.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        self.connection.request("POST", "/graphql", body=body, headers=HEADERS)
        answer = self.connection.getresponse()
        data = answer.read()
        if answer.getheader("Connection", "").lower() == "close":
            self.close()
        return answer.status, data, answer.getheader("X-Served-By") or "?"

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def moments_of(answer: dict | None, root: str) -> dict[str, bool] | None:
    """moment id -> isLiked, or None if the answer is not a timeline without errors."""
    if not isinstance(answer, dict) or "errors" in answer:
        return None
    try:
        return {m["id"]: m["isLiked"] for m in answer["data"][root]["moments"]}
    except (KeyError, TypeError):
        return None


def psql(database_url: str, sql: str, timeout: float | None = None) -> list[str]:
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/psql")) or ["psql"]
    out = subprocess.run([candidates[-1], "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", database_url, "-c", sql],
                         check=True, capture_output=True, text=True, timeout=timeout).stdout
    return [line for line in out.splitlines() if line]


def sql_list(values) -> str:
    return ", ".join("'" + v.replace("'", "''") + "'" for v in values)


def load_documents(binary: str) -> dict[str, str]:
    """The app's documents by operation name, as `moments-bff manifest` prints them."""
    manifest = json.loads(subprocess.run([binary, "manifest"], check=True, capture_output=True).stdout)
    return {operation["name"]: operation["body"] for operation in manifest["operations"]}
