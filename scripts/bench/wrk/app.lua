-- The app's two requests, POST /graphql with the app's headers and its two
-- documents, given by bench.py:
--
--   BENCH_TIMELINE_DOCUMENT     getMomentsDetailsByUserID's text
--   BENCH_LIKE_DOCUMENT         updateMomentLike's text
--
-- The rest of the environment picks the mix:
--
--   BENCH_USER=ID               every request reads ID's timeline (one fixed
--                               request: wrk sends it with no Lua per request)
--   BENCH_USERS=N               each request reads the timeline of a random
--                               user "0".."N-1" instead
--   BENCH_WITH_LIKES=false      leave isLiked and likes out (default true)
--   BENCH_LIKE_PAIRS=FILE       a Lua file returning { {user, moment, liked}, ... }:
--   BENCH_MUTATION_RATIO=R      this share of requests toggles one pair's like
--                               with updateMomentLike (default 0)
--   BENCH_SEED=S                seeds each thread's random sequence (default 1)
--   BENCH_ACCEPT_ENCODING=C     every request carries Accept-Encoding: C (gzip,
--                               br); with BENCH_CHECK=1 an answer not in C is bad
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "summary.lua")

-- A JSON string literal, escaped as Python's json.dumps escapes ASCII, so
-- the bodies are byte for byte those bench.py sends when it checks a server.
local function json_string(text)
  local escaped = text:gsub('[%c"\\]', function(c)
    local short = { ['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t" }
    return short[c] or string.format("\\u%04x", c:byte())
  end)
  return '"' .. escaped .. '"'
end

-- The documents come from bench.py (`moments-bff manifest`), so the server's
-- copy is the only one.
local timeline_query = json_string(assert(os.getenv("BENCH_TIMELINE_DOCUMENT"), "BENCH_TIMELINE_DOCUMENT unset"))
local like_query = json_string(assert(os.getenv("BENCH_LIKE_DOCUMENT"), "BENCH_LIKE_DOCUMENT unset"))

local function timeline_body(user, with_likes)
  return '{"query":' .. timeline_query .. ',"operationName":"getMomentsDetailsByUserID","variables":{"userID":"'
    .. user .. '","withLikes":' .. tostring(with_likes) .. '}}'
end

local function like_body(moment, user, is_liked)
  return '{"query":' .. like_query .. ',"operationName":"updateMomentLike","variables":{"momentID":"'
    .. moment .. '","userID":"' .. user .. '","isLiked":' .. tostring(is_liked) .. '}}'
end

local headers = {
  ["Content-Type"] = "application/json",
  ["Accept"] = "application/json",
  ["x-app-platform"] = "iOS",
  ["x-app-version"] = "1.0.0",
  ["x-os-version"] = "17.0",
}
if os.getenv("BENCH_ACCEPT_ENCODING") then
  headers["Accept-Encoding"] = os.getenv("BENCH_ACCEPT_ENCODING")
end
local with_likes = os.getenv("BENCH_WITH_LIKES") ~= "false"
local fixed_user = os.getenv("BENCH_USER")

if fixed_user then
  wrk.method = "POST"
  wrk.headers = headers
  wrk.body = timeline_body(fixed_user, with_likes)
else
  local users = assert(tonumber(os.getenv("BENCH_USERS")), "set BENCH_USER or BENCH_USERS")
  local ratio = tonumber(os.getenv("BENCH_MUTATION_RATIO")) or 0
  local pairs_file = os.getenv("BENCH_LIKE_PAIRS")
  local like_pairs = (ratio > 0) and dofile(assert(pairs_file, "BENCH_MUTATION_RATIO needs BENCH_LIKE_PAIRS")) or {}
  local liked = {}

  function init(args)
    math.randomseed((tonumber(os.getenv("BENCH_SEED")) or 1) * 1000003 + (thread_number or 0))
    for i, pair in ipairs(like_pairs) do liked[i] = (pair[3] == 1) end
  end

  function request()
    if ratio > 0 and math.random() < ratio then
      local i = math.random(1, #like_pairs)
      liked[i] = not liked[i]
      return wrk.format("POST", "/graphql", headers, like_body(like_pairs[i][2], like_pairs[i][1], liked[i]))
    end
    return wrk.format("POST", "/graphql", headers, timeline_body(tostring(math.random(0, users - 1)), with_likes))
  end
end
