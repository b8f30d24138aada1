-- wrk script for make bench-serve and make soak-serve: rotates through the requests of a manifest file
-- (one per line: METHOD<TAB>PATH<TAB>CONTENT-TYPE<TAB>BODY-FILE, "-" for no type or no body) and counts
-- the answers by status, printed at the end as "status <code> <count>" lines for the calling script.
-- Usage: wrk ... -s requests.lua URL -- MANIFEST [DEPTH]
-- DEPTH (default 1): requests sent back to back per connection before reading the answers (HTTP pipelining;
-- wrk learns the depth from the first request() result and keeps it for the run).

local requests = {}
local next_index = 1
local depth = 1
statuses = {}  -- global: done() reads it from each thread with thread:get
local threads = {}

local function read_file(path)
  local file = assert(io.open(path, "rb"))
  local data = file:read("*a")
  file:close()
  return data
end

function setup(thread)
  thread:set("thread_number", #threads)
  table.insert(threads, thread)
end

function init(args)
  for line in io.lines(args[1]) do
    local method, path, content_type, body_file = line:match("^(%S+)\t(%S+)\t(%S+)\t(%S+)$")
    if method then
      local headers = {}
      if content_type ~= "-" then headers["Content-Type"] = content_type end
      local body = nil
      if body_file ~= "-" then body = read_file(body_file) end
      table.insert(requests, wrk.format(method, path, headers, body))
    end
  end
  assert(#requests > 0, "no requests in " .. args[1])
  depth = tonumber(args[2] or "1") or 1
  -- Threads start at different places of the rotation so the mix is the same whatever the thread count.
  next_index = (thread_number or 0) * 7919 % #requests + 1
end

function request()
  local batch = {}
  for i = 1, depth do
    batch[i] = requests[next_index]
    next_index = next_index % #requests + 1
  end
  return table.concat(batch)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests_done)
  local total = {}
  for _, thread in ipairs(threads) do
    local counts = thread:get("statuses")
    for status, count in pairs(counts) do total[status] = (total[status] or 0) + count end
  end
  for status, count in pairs(total) do io.write(string.format("status %d %d\n", status, count)) end
  io.write(string.format("latency p50_us %d p99_us %d\n", latency:percentile(50), latency:percentile(99)))
  io.write(string.format("summary requests %d duration_us %d errors_connect %d errors_read %d errors_write %d errors_status %d errors_timeout %d\n",
    summary.requests, summary.duration, summary.errors.connect, summary.errors.read, summary.errors.write,
    summary.errors.status, summary.errors.timeout))
end
