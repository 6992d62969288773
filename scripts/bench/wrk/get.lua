-- GET of the URL's own path (/healthz, /json), with no other header than
-- wrk's Host: the transport alone.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "summary.lua")
wrk.method = "GET"
