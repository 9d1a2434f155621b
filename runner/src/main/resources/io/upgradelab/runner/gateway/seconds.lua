-- The lab's wrk script for load through a phase (Wrk.perSecond): each wrk thread counts the answers that end in
-- each second and appends "epochSecond,responses,non2xx" to DIR/second-THREAD.csv, DIR being the script's first
-- argument. A second's line is written when the thread's first answer of a later second ends; the last second of
-- each thread is written by done(), once wrk has stopped. non2xx counts as wrk's own report does (status > 399).
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

local function append(folder, thread_id, epoch_second, answers, failed)
  if answers > 0 then
    local file = assert(io.open(folder .. "/second-" .. thread_id .. ".csv", "a"))
    file:write(epoch_second, ",", answers, ",", failed, "\n")
    file:close()
  end
end

function init(args)
  dir, second, responses, non2xx = args[1], os.time(), 0, 0
end

function response(status, headers, body)
  local now = os.time()
  if now ~= second then
    append(dir, id, second, responses, non2xx)
    second, responses, non2xx = now, 0, 0
  end
  responses = responses + 1
  if status > 399 then
    non2xx = non2xx + 1
  end
end

function done(summary, latency, requests)
  for _, thread in ipairs(threads) do
    append(thread:get("dir"), thread:get("id"), thread:get("second"), thread:get("responses"), thread:get("non2xx"))
  end
end
