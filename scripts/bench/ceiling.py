"""The ceiling: nginx answering every request with one captured response.

nginx sends the captured status, Content-Type, any other header the server
sent, and the body's exact bytes from memory (`return`), doing no other work,
with one worker process and no access log. What it cannot leave out are its
own `Server: nginx` and `Connection: keep-alive` headers (about 40 bytes).
It answers any method and path, so the workloads' requests go to it
unchanged; like-mix's mutations get the timeline answer too (the same shape
and nearly the same size as a mutation's).
"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from client import Response
from processes import ServerProcess, free_port

# Headers nginx writes itself (or that describe framing it decides).
OWN_HEADERS = {"content-length", "content-type", "date", "connection", "server", "transfer-encoding", "keep-alive"}
# A configuration token must fit nginx's 4 KiB parse buffer, so a longer body is
# cut into pieces of at most this many bytes (twice that once escaped).
PIECE = 1024


def nginx_path() -> str:
    found = os.environ.get("NGINX") or shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(found).exists():
        raise RuntimeError("nginx is missing (apt-get install nginx, or set NGINX=path)")
    return found


def _quoted(data: bytes) -> bytes:
    # nginx's quoted strings take \\ and \" as escapes; newlines may stand as they are.
    return b'"' + data.replace(b"\\", b"\\\\").replace(b'"', b'\\"') + b'"'


def configuration(prefix: Path, port: int, response: Response) -> bytes:
    """nginx.conf answering `response` on 127.0.0.1:port.

    `return` text interpolates `$name`, so the body is never written there
    directly: each piece becomes a `geo` variable (whose value nginx takes
    literally) and `return` concatenates them.
    """
    body = response.body
    pieces = [body[i:i + PIECE] for i in range(0, len(body), PIECE)] or [b""]
    variables = b"".join(b"    geo $ceiling_%d { default %s; }\n" % (i, _quoted(piece))
                         for i, piece in enumerate(pieces))
    concatenated = b'"' + b"".join(b"${ceiling_%d}" % i for i in range(len(pieces))) + b'"'
    extra_headers = b"".join(b"            add_header %s %s always;\n" % (name.encode(), _quoted(value.encode("latin-1")))
                             for name, value in response.headers if name.lower() not in OWN_HEADERS)
    content_type = response.header("Content-Type") or "application/octet-stream"
    return b"""worker_processes 1;
daemon off;
pid %(prefix)s/nginx.pid;
error_log stderr warn;
events { worker_connections 4096; }
http {
    access_log off;
    server_tokens off;
    keepalive_requests 1000000000;
    keepalive_timeout 75s;
    client_body_temp_path %(prefix)s/body;
%(variables)s    server {
        listen 127.0.0.1:%(port)d backlog=4096;
        location / {
            default_type %(content_type)s;
%(extra_headers)s            return %(status)d %(concatenated)s;
        }
    }
}
""" % {b"prefix": str(prefix).encode(), b"port": port, b"variables": variables,
       b"content_type": _quoted(content_type.encode("latin-1")), b"extra_headers": extra_headers,
       b"status": response.status, b"concatenated": concatenated}


def start_ceiling(name: str, response: Response, directory: Path, log_path: Path,
                  timeout: float) -> ServerProcess:
    """nginx in the foreground (the PID started is its master), configured in `directory`."""
    directory.mkdir(parents=True, exist_ok=True)
    port = free_port()
    conf = directory / "nginx.conf"
    conf.write_bytes(configuration(directory, port, response))
    nginx = nginx_path()
    test = subprocess.run([nginx, "-e", "stderr", "-p", str(directory), "-c", str(conf), "-t", "-q"],
                          capture_output=True, text=True)
    if test.returncode != 0:
        raise RuntimeError(f"nginx rejected {conf}: {test.stderr.strip()}")
    return ServerProcess(name, [nginx, "-e", "stderr", "-p", str(directory), "-c", str(conf)],
                         log_path, timeout, port=port)
