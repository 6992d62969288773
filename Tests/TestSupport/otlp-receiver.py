#!/usr/bin/env python3
"""An OTLP/HTTP trace receiver of our own for the tests, on 127.0.0.1.

Usage: otlp-receiver.py [--port N] [--mode ok|hang|fail] [--exit-with-stdin].
Takes POST /v1/traces as application/x-protobuf (decoded with the official
definitions of the opentelemetry-proto package) or application/json
(OTLP/JSON: hex ids, int64 as decimal strings), gzip-compressed or not.
Prints `listening on PORT` once bound, then one JSON line per span (a flat
shape: attributes as plain values), then {"request": {...}}, so a test that
counts requests has all of their spans. Modes: ok answers 200 with an empty
ExportTraceServiceResponse; hang reads the request and never answers, keeping
the connection open until killed; fail answers 503. Undecodable bodies get
400 and an {"error": ...} line. With --exit-with-stdin it exits when its
standard input closes, as it does when the test process dies.
"""
import argparse
import base64
import gzip
import json
import math
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

try:
    from google.protobuf import json_format
    from opentelemetry.proto.collector.trace.v1 import trace_service_pb2
except ImportError as error:
    # The Swift wrapper turns this exit status into a "run scripts/client-libraries.sh" error.
    print("otlp-receiver: %s (pip install 'opentelemetry-proto==1.*')" % error, file=sys.stderr, flush=True)
    sys.exit(3)

arguments = argparse.ArgumentParser()
arguments.add_argument("--port", type=int, default=0)
arguments.add_argument("--mode", choices=["ok", "hang", "fail"], default="ok")
arguments.add_argument("--exit-with-stdin", action="store_true")
options = arguments.parse_args()
printing = threading.Lock()


class Refused(Exception):
    """A request this receiver does not take, with the status that says so."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


def emit(value):
    # One lock, so that lines of requests on two threads never interleave.
    with printing:
        print(json.dumps(value), flush=True)


def plain(any_value):
    """An AnyValue as the JSON value a test compares with; bytes as hex."""
    kind = any_value.WhichOneof("value")
    if kind is None:
        return None
    if kind == "array_value":
        return [plain(v) for v in any_value.array_value.values]
    if kind == "kvlist_value":
        return attributes(any_value.kvlist_value.values)
    if kind == "bytes_value":
        return any_value.bytes_value.hex()
    value = getattr(any_value, kind)
    # JSON has no NaN or infinity: such doubles come as "nan", "inf", "-inf".
    return str(value) if kind == "double_value" and not math.isfinite(value) else value


def attributes(key_values):
    return {kv.key: plain(kv.value) for kv in key_values}


def from_json(body):
    """OTLP/JSON as the protobuf message: ids are hex there, base64 in protobuf's JSON mapping."""
    document = json.loads(body)
    for resource_spans in document.get("resourceSpans", []):
        for scope_spans in resource_spans.get("scopeSpans", []):
            for span in scope_spans.get("spans", []):
                for holder in [span] + span.get("links", []):
                    for key in ("traceId", "spanId", "parentSpanId"):
                        if key in holder:
                            holder[key] = base64.b64encode(bytes.fromhex(holder[key])).decode()
    # OTLP/HTTP: "receivers MUST ignore unknown fields" in JSON.
    return json_format.ParseDict(document, trace_service_pb2.ExportTraceServiceRequest(), ignore_unknown_fields=True)


def flat_spans(request, encoding):
    for resource_spans in request.resource_spans:
        resource = attributes(resource_spans.resource.attributes)
        for scope_spans in resource_spans.scope_spans:
            for span in scope_spans.spans:
                yield {
                    "encoding": encoding, "resource": resource, "scope": scope_spans.scope.name,
                    "traceId": span.trace_id.hex(), "spanId": span.span_id.hex(),
                    "parentSpanId": span.parent_span_id.hex(), "traceState": span.trace_state,
                    "name": span.name, "kind": span.kind,
                    "start": span.start_time_unix_nano, "end": span.end_time_unix_nano,
                    "attributes": attributes(span.attributes),
                    "events": [{"name": e.name, "time": e.time_unix_nano, "attributes": attributes(e.attributes)}
                               for e in span.events],
                    "links": [{"traceId": l.trace_id.hex(), "spanId": l.span_id.hex(), "attributes": attributes(l.attributes)}
                              for l in span.links],
                    "status": {"code": span.status.code, "message": span.status.message},
                    "flags": span.flags,
                }


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as exporters expect

    def log_message(self, *args):
        pass

    def answer(self, status, body=b"", content_type="application/json"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        # Content-Length only: libcurl sends it for COPYPOSTFIELDS, as our exporter posts.
        raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        content_type = self.headers.get("Content-Type", "")
        media_type = content_type.split(";")[0].strip().lower()
        try:
            if self.path != "/v1/traces":
                raise Refused(404, "no such path: %s" % self.path)
            data = gzip.decompress(raw) if self.headers.get("Content-Encoding") == "gzip" else raw
            if media_type == "application/x-protobuf":
                encoding, request = "protobuf", trace_service_pb2.ExportTraceServiceRequest.FromString(data)
            elif media_type == "application/json":
                encoding, request = "json", from_json(data)
            else:
                raise Refused(415, "unsupported Content-Type: %r" % content_type)
            spans = list(flat_spans(request, encoding))
        except Exception as error:
            emit({"error": "%s: %s" % (type(error).__name__, error)})
            emit({"request": {"bytes": len(raw), "contentType": content_type, "spans": 0}})
            return self.answer(getattr(error, "status", 400), json.dumps({"code": 3, "message": str(error)}).encode())
        for span in spans:
            emit(span)
        emit({"request": {"bytes": len(raw), "contentType": content_type, "spans": len(spans)}})
        if options.mode == "hang":
            threading.Event().wait()  # never answers: the connection stays open until the process ends
        elif options.mode == "fail":
            self.answer(503)
        elif encoding == "protobuf":
            self.answer(200, trace_service_pb2.ExportTraceServiceResponse().SerializeToString(), "application/x-protobuf")
        else:
            self.answer(200, b"{}")


def exit_with_parent():
    # The test holds our stdin's write end: when it dies, even by a crash, we go too.
    sys.stdin.buffer.read()
    os._exit(0)


server = ThreadingHTTPServer(("127.0.0.1", options.port), Handler)
server.daemon_threads = True
if options.exit_with_stdin:
    threading.Thread(target=exit_with_parent, daemon=True).start()
print("listening on %d" % server.server_address[1], flush=True)
server.serve_forever()
