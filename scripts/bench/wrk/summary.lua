-- Loaded by every workload script. At the end of a run, done() prints one
-- line for bench.py: `BENCH_RESULT {json}` with the request count, errors and
-- latency percentiles. With BENCH_CHECK=1 every response is also inspected
-- (status >= 400, or a body holding "errors"; with BENCH_ACCEPT_ENCODING=C, a
-- Content-Encoding other than C, the body staying compressed here); bench.py
-- turns that on for the warm-up only, since handing each body to Lua costs the
-- client CPU.

local threads = {}

function setup(thread)
  thread:set("thread_number", #threads + 1)
  table.insert(threads, thread)
end

checked = 0
bad = 0

local function content_encoding(headers)
  for name, value in pairs(headers) do
    if name:lower() == "content-encoding" then return value:lower() end
  end
  return nil
end

if os.getenv("BENCH_CHECK") == "1" then
  local coding = os.getenv("BENCH_ACCEPT_ENCODING")
  function response(status, headers, body)
    checked = checked + 1
    if status >= 400 or (body and body:find('"errors"', 1, true))
        or (coding and content_encoding(headers) ~= coding) then
      bad = bad + 1
    end
  end
end

function done(summary, latency, requests)
  local total_checked, total_bad = 0, 0
  for _, thread in ipairs(threads) do
    total_checked = total_checked + (thread:get("checked") or 0)
    total_bad = total_bad + (thread:get("bad") or 0)
  end
  local e = summary.errors
  io.write(string.format(
    'BENCH_RESULT {"requests":%d,"duration_us":%d,"socket_errors":%d,"non_2xx":%d,'
    .. '"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,"checked":%d,"bad":%d}\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    total_checked, total_bad))
end
