#!/usr/bin/env python3
"""Checks the schema `moments-bff` serves against graphql-core (the Python port
of graphql-js), so tooling reads it as we mean it:

1. `moments-bff schema` prints SDL that graphql-core's `build_schema` accepts
   and `print_schema` prints back byte for byte (our printer is graphql-js's);
2. every type, field, argument and enum value of the app's schema has a
   non-empty description;
3. introspection of a running server (graphql-js's `getIntrospectionQuery`
   with descriptions) rebuilds, through `build_client_schema`, the same SDL.

Usage: scripts/check-sdl.py [path/to/moments-bff]
(default: $MOMENTS_BFF, else .build/debug/moments-bff; build it first).
Needs graphql-core 3.2 (`pip install 'graphql-core==3.2.*'`). Exits non-zero
with a diff on any difference.
"""
import difflib
import json
import os
import signal
import subprocess
import sys
import tempfile
import urllib.request

from graphql import (
    GraphQLEnumType,
    GraphQLObjectType,
    build_client_schema,
    build_schema,
    get_introspection_query,
    print_schema,
)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def binary_path():
    if len(sys.argv) > 1:
        return sys.argv[1]
    return os.environ.get("MOMENTS_BFF", os.path.join(ROOT, ".build", "debug", "moments-bff"))


def same(name, expected, actual):
    if expected == actual:
        return True
    print(f"check-sdl: {name} differs:", file=sys.stderr)
    sys.stderr.writelines(difflib.unified_diff(
        expected.splitlines(True), actual.splitlines(True), "moments-bff schema", name))
    return False


def undescribed(schema):
    """Names of the app's schema elements without a description."""
    missing = []
    for type_ in schema.type_map.values():
        if type_.name.startswith("__") or type_.name in ("ID", "String", "Int", "Float", "Boolean"):
            continue
        if not (type_.description or "").strip():
            missing.append(type_.name)
        if isinstance(type_, GraphQLObjectType):
            for field_name, field in type_.fields.items():
                if not (field.description or "").strip():
                    missing.append(f"{type_.name}.{field_name}")
                for arg_name, arg in field.args.items():
                    if not (arg.description or "").strip():
                        missing.append(f"{type_.name}.{field_name}({arg_name})")
        if isinstance(type_, GraphQLEnumType):
            for value_name, value in type_.values.items():
                if not (value.description or "").strip():
                    missing.append(f"{type_.name}.{value_name}")
    return missing


def introspected_sdl(binary):
    """Starts the server on a free port over a new demo database, introspects it, stops it."""
    with tempfile.TemporaryDirectory() as directory:
        server = subprocess.Popen(
            [binary, "serve", "--port", "0", "--database", os.path.join(directory, "moments.sqlite"),
             "--log-level", "warning"],
            stdout=subprocess.PIPE, text=True)
        try:
            line = server.stdout.readline().strip()  # `listening on http://127.0.0.1:PORT`
            if not line.startswith("listening on http://"):
                raise SystemExit(f"check-sdl: the server did not start (first line: {line!r})")
            body = json.dumps({"query": get_introspection_query(descriptions=True)}).encode()
            request = urllib.request.Request(
                line.removeprefix("listening on ") + "/graphql", data=body,
                headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(request, timeout=30) as response:
                answer = json.load(response)
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
    if answer.get("errors"):
        raise SystemExit(f"check-sdl: introspection failed: {answer['errors']}")
    return print_schema(build_client_schema(answer["data"]))


def main():
    binary = binary_path()
    if not os.access(binary, os.X_OK):
        raise SystemExit(f"check-sdl: no executable at {binary} (run `swift build` first)")
    sdl = subprocess.run([binary, "schema"], check=True, capture_output=True, text=True).stdout
    schema = build_schema(sdl)
    ok = same("print_schema(build_schema(sdl))", sdl, print_schema(schema))
    missing = undescribed(schema)
    if missing:
        print(f"check-sdl: no description on {', '.join(missing)}", file=sys.stderr)
        ok = False
    ok = same("print_schema(build_client_schema(introspection))", sdl, introspected_sdl(binary)) and ok
    if not ok:
        sys.exit(1)
    print("check-sdl: the printed schema round-trips through graphql-core, is described throughout, "
          "and matches introspection")


if __name__ == "__main__":
    main()
