"""The ceiling: nginx answering every request with one captured response.

nginx sends the captured status, Content-Type, any other header the server
sent, and the body's exact bytes from memory (`return`), doing no other work,
with one worker process and no access log. What it cannot leave out are its
own `Server: nginx` and `Connection: keep-alive` headers (about 40 bytes).
It answers any method and path, so the workloads' requests go to it
unchanged; like-mix's mutations get the timeline answer too (the same shape
and nearly the same size as a mutation's).

A compressed workload's captured response is already compressed (our gzip
or br bytes, Content-Encoding included), so the same configuration is nginx
serving it precompressed: the limit. `compress` makes the other ceiling of
such a workload: nginx given the plain response, compressing it on the fly
for every request with its gzip filter (or the brotli filter module,
Debian's libnginx-mod-http-brotli-filter) at our level and threshold. Such
an answer goes out chunked (nginx does not know its length beforehand), and
its bytes may differ from ours (nginx's gzip shrinks its window and memory
level for short bodies); bench.py compares it with ours decoded.
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
# moments-bff's levels and threshold (docs/performance.md, 'Compression levels').
LEVELS = {"gzip": 6, "br": 5}
MIN_LENGTH = 1024
BROTLI_MODULE = os.environ.get("NGINX_BROTLI_MODULE", "/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so")


def nginx_path() -> str:
    found = os.environ.get("NGINX") or shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(found).exists():
        raise RuntimeError("nginx is missing (apt-get install nginx, or set NGINX=path)")
    return found


def missing_compressor(coding: str) -> str | None:
    """Why nginx cannot compress `coding` on the fly here; None when it can."""
    if coding == "br" and not Path(BROTLI_MODULE).exists():
        return (f"no {BROTLI_MODULE} (apt-get install libnginx-mod-http-brotli-filter, "
                f"or set NGINX_BROTLI_MODULE=path)")
    return None if coding in LEVELS else f"nginx compresses no {coding!r} here"


def _compression(coding: str, mime: bytes, charset: bytes) -> bytes:
    """The http block's lines compressing `mime` on the fly (and adding the charset to it)."""
    lines = b"    %(d)s on;\n    %(d)s_comp_level %(level)d;\n    %(d)s_types %(mime)s;\n    %(d)s_min_length %(min)d;\n" % {
        b"d": {"gzip": b"gzip", "br": b"brotli"}[coding], b"level": LEVELS[coding], b"mime": mime, b"min": MIN_LENGTH}
    return lines + (b"    charset %s;\n    charset_types %s;\n" % (_quoted(charset), mime) if charset else b"")


def _quoted(data: bytes) -> bytes:
    # nginx's quoted strings take \\ and \" as escapes; newlines may stand as they are.
    return b'"' + data.replace(b"\\", b"\\\\").replace(b'"', b'\\"') + b'"'


def configuration(prefix: Path, port: int, response: Response, compress: str | None = None) -> bytes:
    """nginx.conf answering `response` on 127.0.0.1:port; with `compress`
    ("gzip", "br"), compressing it on the fly when the request accepts that.

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
    content_type = _quoted((response.header("Content-Type") or "application/octet-stream").encode("latin-1"))
    modules = compression = b""
    if compress:
        # The filter compresses the types it is given, matched without
        # parameters as in a proxied answer's Content-Type; a default_type
        # with "; charset=..." would match none, so the charset module adds it.
        mime, _, parameters = (response.header("Content-Type") or "").partition(";")
        mime = mime.strip().encode("latin-1") or b"application/octet-stream"
        charset = next((v.strip() for k, _, v in (x.partition("=") for x in parameters.split(";"))
                        if k.strip().lower() == "charset"), "")
        content_type = _quoted(mime)
        compression = _compression(compress, mime, charset.encode("latin-1"))
        if compress == "br":
            modules = b"load_module %s;\n" % _quoted(BROTLI_MODULE.encode())
    return b"""%(modules)sworker_processes 1;
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
%(compression)s%(variables)s    server {
        listen 127.0.0.1:%(port)d backlog=4096;
        location / {
            default_type %(content_type)s;
%(extra_headers)s            return %(status)d %(concatenated)s;
        }
    }
}
""" % {b"modules": modules, b"prefix": str(prefix).encode(), b"port": port, b"compression": compression,
       b"variables": variables, b"content_type": content_type, b"extra_headers": extra_headers,
       b"status": response.status, b"concatenated": concatenated}


def start_ceiling(name: str, response: Response, directory: Path, log_path: Path,
                  timeout: float, compress: str | None = None) -> ServerProcess:
    """nginx in the foreground (the PID started is its master), configured in `directory`."""
    directory.mkdir(parents=True, exist_ok=True)
    port = free_port()
    conf = directory / "nginx.conf"
    conf.write_bytes(configuration(directory, port, response, compress))
    nginx = nginx_path()
    test = subprocess.run([nginx, "-e", "stderr", "-p", str(directory), "-c", str(conf), "-t", "-q"],
                          capture_output=True, text=True)
    if test.returncode != 0:
        raise RuntimeError(f"nginx rejected {conf}: {test.stderr.strip()}")
    return ServerProcess(name, [nginx, "-e", "stderr", "-p", str(directory), "-c", str(conf)],
                         log_path, timeout, port=port)
