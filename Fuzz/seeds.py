#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora from the project's own test tables.

    Fuzz/seeds.py OUTPUT_DIR        (scripts/fuzz.sh runs it)

Reads the string literals of the test files below (and the names they are bound to, so
`chunkedPost + "0\\r\\n\\r\\n"` is followed), picks those that fit each target, and writes one
file per distinct input into OUTPUT_DIR/<target>/, named by its SHA-1 as libFuzzer names
corpus files. Nothing is checked in: the seeds follow the tests as they change.
"""
import base64
import hashlib
import hmac
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MAX_LEN = 4096

# A Swift string literal: multi-line ("""...""") or single-line ("..."), optionally raw (#"..."#
# is not used by the tests and is skipped).
TOKEN = re.compile(r'"""\n(?P<multi>.*?)\n(?P<indent>[ \t]*)"""|"(?P<single>(?:[^"\\\n]|\\.)*)"|(?P<ident>[A-Za-z_][A-Za-z_0-9]*)|(?P<plus>\+)|(?P<other>\S)', re.S)
ESCAPE = re.compile(r'\\(u\{[0-9a-fA-F]+\}|.)')
SIMPLE = {'n': '\n', 'r': '\r', 't': '\t', '0': '\0', '"': '"', "'": "'", '\\': '\\'}


def unescape(body):
    """The value of a literal's body, or None if it interpolates."""
    if '\\(' in body:
        return None
    def replace(match):
        escape = match.group(1)
        if escape.startswith('u{'):
            return chr(int(escape[2:-1], 16))
        return SIMPLE.get(escape, escape)
    return ESCAPE.sub(replace, body)


def multiline(body, indent):
    lines = body.split('\n')
    lines = [line[len(indent):] if line.startswith(indent) else line.lstrip(' \t') for line in lines]
    # A backslash at a line's end joins it with the next.
    return unescape(re.sub(r'\\\n', '', '\n'.join(lines)))


def literals(path):
    """Every string expression of `path`: literals, and chains of literals and the names of
    string constants joined by `+`."""
    constants = {}
    found = []
    tokens = list(TOKEN.finditer(path.read_text()))
    i = 0
    while i < len(tokens):
        chain, j = [], i
        while j < len(tokens):
            token = tokens[j]
            if token.group('multi') is not None:
                value = multiline(token.group('multi'), token.group('indent'))
            elif token.group('single') is not None:
                value = unescape(token.group('single'))
            elif token.group('ident') in constants:
                value = constants[token.group('ident')]
            else:
                break
            if value is None:
                chain = None
                break
            chain.append(value)
            if j + 1 < len(tokens) and tokens[j + 1].group('plus'):
                j += 2
                continue
            j += 1
            break
        if chain:
            text = ''.join(chain)
            found.append(text)
            # `let name = <chain>` binds a constant.
            if i >= 3 and tokens[i - 1].group('other') == '=' and tokens[i - 3].group('ident') in ('let', 'var'):
                constants[tokens[i - 2].group('ident')] = text
            i = j
        else:
            i += 1
    return found


def files(*patterns):
    for pattern in patterns:
        yield from sorted(ROOT.glob(pattern))


def strings(*patterns):
    for path in files(*patterns):
        yield from literals(path)


def looks_like_graphql(text):
    return '{' in text and not text.lstrip().startswith(('{"', '[')) and '\r' not in text


# fuzz-bearer-token signs with this secret (Fuzz/Sources/fuzz-bearer-token): seeds signed with
# it reach the claims through the header path too.
BEARER_SECRET = b"the fuzzer's secret, 32 bytes ok"
BEARER_HEADERS = ['{"alg":"HS256","typ":"JWT"}', '{"alg":"HS256"}', '{"alg":"none"}', '{"alg":"HS512"}',
                  '{"alg":"hs256"}', '{"typ":"JWT"}', '{"alg":"HS256","crit":["exp"]}', '{"alg":["HS256"]}']
# Claims as the verifier's tests write them (Tests/MomentsAPITests/BearerTokenVerifierTests.swift),
# as JSON text, since those tests build most of them from raw or interpolated literals.
BEARER_CLAIMS = [
    '{"sub":"7","exp":1800003600}', '{"sub":"7","exp":1800003600,"iat":1800000000,"nbf":1800000000}',
    '{"sub":"7","exp":9223372036854775807}', '{"sub":"7","exp":-9223372036854775808}',
    '{"sub":"7","exp":9223372036854775808}', '{"sub":"7","exp":1e300}', '{"sub":"7","exp":-0}',
    '{"sub":"7","exp":253402300799}', '{"sub":"7","exp":253402300799.9}', '{"sub":"7","exp":253402300800}',
    '{"sub":"7","exp":1800000000.5}', '{"sub":"7","exp":1900000000,"nbf":9223372036854775807}',
    '{"sub":"7","exp":1900000000,"iat":1e300}', '{"sub":"7","exp":1900000000,"nbf":null}',
    '{"sub":7,"exp":1900000000}', '{"sub":"","exp":1900000000}', '{"exp":1900000000}', '{"sub":"7"}',
    '{"sub":"7","exp":"never"}', '{"sub":"7","exp":1900000000,"exp":9223372036854775807}', '[]', '{}',
]


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b'=').decode('ascii')


def signed(header, claims, secret=BEARER_SECRET):
    signing_input = b64url(header.encode()) + '.' + b64url(claims.encode())
    mac = hmac.new(secret, signing_input.encode(), hashlib.sha256).digest()
    return signing_input + '.' + b64url(mac)


def bearer_tokens():
    """Claims and headers as bytes (the target signs them itself), and whole headers: signed,
    signed with another secret, unsigned, and the header tables' malformed ones."""
    inputs = BEARER_CLAIMS + BEARER_HEADERS
    inputs += ['Bearer ' + signed('{"alg":"HS256","typ":"JWT"}', claims) for claims in BEARER_CLAIMS]
    inputs += ['Bearer ' + signed(header, BEARER_CLAIMS[0]) for header in BEARER_HEADERS]
    inputs += ['bearer ' + signed(BEARER_HEADERS[0], BEARER_CLAIMS[0]),
               'Bearer    ' + signed(BEARER_HEADERS[0], BEARER_CLAIMS[0]),
               'Bearer ' + signed(BEARER_HEADERS[0], BEARER_CLAIMS[0], b'another secret of thirty-two byt'),
               'Bearer ' + b64url(b'{"alg":"none"}') + '.' + b64url(BEARER_CLAIMS[0].encode()) + '.',
               '', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer abc.def', 'Bearer e30=.e30.e30', 'Bearer a.b.c.d']
    return inputs


def toggle_states():
    """The client specification's states (Tests/TogglesTests/Fixtures), whole when they fit and
    one feature at a time (with the segments) when not; the toggle tests' JSON literals; and a
    state per string of the regex tests, as a REGEX constraint."""
    states = []
    for path in files('Tests/TogglesTests/Fixtures/client-specification/[0-9]*.json'):
        state = json.loads(path.read_text()).get('state')
        if not isinstance(state, dict):
            continue
        states.append(json.dumps(state, separators=(',', ':'), ensure_ascii=False))
        for feature in state.get('features') or []:
            part = {'version': 2, 'features': [feature], 'segments': state.get('segments') or []}
            states.append(json.dumps(part, separators=(',', ':'), ensure_ascii=False))
    states += [s for s in strings('Tests/TogglesTests/*.swift', 'Tests/ToggleSourceTests/*.swift')
               if s.lstrip().startswith('{')]
    for pattern in strings('Tests/TogglesTests/BoundedRegexTests.swift', 'Tests/TogglesTests/RegexBoundsTests.swift'):
        constraint = {'contextName': 'userId', 'operator': 'REGEX', 'value': pattern}
        feature = {'name': 'r', 'enabled': True, 'strategies': [{'name': 'default', 'constraints': [constraint]}]}
        states.append(json.dumps({'version': 2, 'features': [feature]}, separators=(',', ':'), ensure_ascii=False))
    return states


def weight_records():
    """fuzz-toggle-weights' records (a flag byte, then a little-endian 64-bit weight): two
    weights that add past 2^63, the bounds of the range, and ordinary weights."""
    def record(flags, weight):
        return bytes([flags]) + (weight & (2**64 - 1)).to_bytes(8, 'little')
    top, bottom = 2**63 - 1, -2**63
    return [
        record(0, top) + record(0, 1),
        record(1, top) + record(1, 1) + record(0, 500),
        record(0, top) + record(2, bottom) + record(4, top),
        record(0, 500) + record(2, 500) + record(1, 1000),
        record(1, 0) + record(0, 1) + record(6, -1),
    ]


def seeds():
    http = [s for s in strings('Tests/HTTP1Tests/*.swift', 'Tests/HTTPServerTests/*.swift',
                               'Tests/IntegrationTests/*.swift') if ' HTTP/' in s or '\r\n' in s]
    chunked = [s.split('\r\n\r\n', 1)[1] for s in http if 'chunked' in s and '\r\n\r\n' in s]
    chunked += [s for s in strings('Tests/HTTP1Tests/*.swift') if re.match(r'[0-9a-fA-F]+[;\r \t]', s)]
    json = list(strings('Tests/JSONTests/*.swift'))
    json += [s for s in strings('Tests/MomentsAPITests/*.swift', 'Tests/IntegrationTests/*.swift')
             if s.lstrip().startswith(('{', '['))]
    graphql = [s for s in strings('Tests/GraphQLTests/**/*.swift', 'Tests/MomentsAPITests/*.swift',
                                  'Tests/IntegrationTests/*.swift') if looks_like_graphql(s)]
    # Accept-Encoding field values: the negotiation table's literals (lines joined by LF, as the
    # target splits them, come from its multi-line cases' separate literals).
    accept_encoding = list(strings('Tests/HTTP1Tests/AcceptEncodingTests.swift'))
    accept_encoding += ['gzip;q=0.5\nbr', 'br\nbr;q=0', '\ngzip', 'identity;q=0\n*;q=0']
    return {
        'http-request': http,
        'chunked': chunked,
        'accept-encoding': accept_encoding,
        'json': json,
        'graphql-parser': graphql,
        'graphql-validation': graphql,
        'toggles': toggle_states(),
        'bearer-token': bearer_tokens(),
        'toggle-weights': weight_records(),
    }


def main():
    output = pathlib.Path(sys.argv[1])
    for target, inputs in seeds().items():
        directory = output / target
        directory.mkdir(parents=True, exist_ok=True)
        written = set()
        for text in inputs:
            data = text if isinstance(text, bytes) else text.encode('utf-8', 'surrogatepass')
            if not data or len(data) > MAX_LEN:
                continue
            name = hashlib.sha1(data).hexdigest()
            if name not in written:
                (directory / name).write_bytes(data)
                written.add(name)
        print(f'{target}: {len(written)} seeds')


if __name__ == '__main__':
    main()
