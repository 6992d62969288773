"""Single requests outside the load: capturing a server's answer, checking one."""
from __future__ import annotations

import gzip
import http.client
import json
import shutil
import subprocess
from dataclasses import dataclass, field, replace
from urllib.parse import urlsplit

try:  # python3-brotli, when this Python has it; else the brotli program (Debian's brotli)
    import brotli as _brotli
except ImportError:
    _brotli = None


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

    @property
    def coding(self) -> str:
        """Its Content-Encoding, lower case; "identity" when it has none."""
        return (self.header("Content-Encoding") or "identity").strip().lower()

    def decoded(self) -> Response:
        """The same response with its body decoded as its Content-Encoding says
        (identity, gzip or br) and that header left out; ValueError when the body
        is not in that coding."""
        if self.coding == "identity":
            return self
        return Response(self.status, [(k, v) for k, v in self.headers if k.lower() != "content-encoding"],
                        decode(self.body, self.coding))


def decode(data: bytes, coding: str) -> bytes:
    if coding == "gzip":
        try:
            return gzip.decompress(data)
        except (OSError, EOFError) as e:
            raise ValueError(f"not gzip: {e}") from None
    if coding == "br":
        if _brotli is not None:
            try:
                return _brotli.decompress(data)
            except _brotli.error as e:
                raise ValueError(f"not br: {e}") from None
        program = shutil.which("brotli")
        if program is None:
            raise ValueError("cannot decode br: no brotli program (apt-get install brotli) nor python3 brotli module")
        done = subprocess.run([program, "--decompress", "--stdout"], input=data, capture_output=True)
        if done.returncode != 0:
            raise ValueError(f"not br: {done.stderr.decode(errors='replace').strip()}")
        return done.stdout
    raise ValueError(f"unknown Content-Encoding {coding!r}")


def with_header(request: Request, name: str, value: str) -> Request:
    return replace(request, headers={**request.headers, name: value})


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
    """Same status and, unless `status_only`, the same Content-Encoding and, once
    decoded, the same JSON value with members in the same order (GraphQL answers
    follow the selection order); whitespace and escapes may differ. Bodies that
    are not JSON must be equal bytes."""
    if a.status != b.status:
        return False
    if status_only:
        return True
    if a.coding != b.coding:
        return False
    if a.body == b.body:
        return True
    try:
        a, b = a.decoded(), b.decoded()
        return a.body == b.body or a.json() == b.json()
    except ValueError:
        return False


def same_bytes(a: Response, b: Response) -> bool:
    """Same status, Content-Encoding and decoded body bytes: a ceiling's answer,
    whose compressed bytes may be its own."""
    try:
        return (a.status, a.coding, a.decoded().body) == (b.status, b.coding, b.decoded().body)
    except ValueError:
        return False
