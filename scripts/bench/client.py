"""Single requests outside the load: capturing a server's answer, checking one."""
from __future__ import annotations

import http.client
import json
from dataclasses import dataclass, field
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    body: bytes | None = None
    headers: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Response:
    status: int
    headers: list[tuple[str, str]]  # in the order sent, duplicates kept
    body: bytes

    def header(self, name: str) -> str | None:
        return next((v for k, v in self.headers if k.lower() == name.lower()), None)

    def json(self):
        """The body as JSON, objects as lists of (name, value) pairs: member order counts."""
        return json.loads(self.body, object_pairs_hook=list)


def send(url: str, request: Request, timeout: float = 30.0) -> Response:
    target = urlsplit(url)
    connection = http.client.HTTPConnection(target.hostname, target.port, timeout=timeout)
    try:
        connection.request(request.method, request.path, body=request.body, headers=request.headers)
        answer = connection.getresponse()
        return Response(answer.status, answer.getheaders(), answer.read())
    finally:
        connection.close()


def same_answer(a: Response, b: Response, status_only: bool = False) -> bool:
    """Same status and, unless `status_only`, the same JSON value with members in
    the same order (GraphQL answers follow the selection order); whitespace and
    escapes may differ. Bodies that are not JSON must be equal bytes."""
    if a.status != b.status:
        return False
    if status_only or a.body == b.body:
        return True
    try:
        return a.json() == b.json()
    except ValueError:
        return False
