#!/usr/bin/env bash
# Gateway memory under 60 parallel 10 MiB chat attachment uploads (issue 34):
# prints the gateway's RSS before, its peak while the uploads run (sampled
# every 100 ms) and after. Usage: loadtests/upload_memory.sh URL GATEWAY_PID
# The gateway must trust X-Forwarded-For (TRUST_FORWARDED_FOR=true), so that
# each visitor is its own address for the per-address limits.
set -euo pipefail
url="$1" pid="$2" n="${UPLOADS:-60}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# A valid one-page PDF padded to just under 10 MiB.
python3 - "$work/file.pdf" <<'PY'
import sys
objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"]
out = bytearray(b"%PDF-1.7\n"); offsets = []
for i, body in enumerate(objs):
    offsets.append(len(out)); out += b"%d 0 obj\n%s\nendobj\n" % (i + 1, body)
out += b"%" + b"x" * (10 * 1024 * 1024 - 2048) + b"\n"
xref = len(out)
out += b"xref\n0 4\n0000000000 65535 f \n" + b"".join(b"%010d 00000 n \n" % o for o in offsets)
out += b"trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % xref
open(sys.argv[1], "wb").write(out)
PY
rss() { ps -o rss= -p "$pid" | tr -d ' '; }
for i in $(seq 1 "$n"); do
  curl -s -c "$work/jar$i" -H 'X-Requested-With: XMLHttpRequest' \
    -H "X-Forwarded-For: 10.77.$((i / 250)).$((i % 250 + 1))" -H 'Content-Type: application/json' \
    -d '{"visitorName":"Load","visitorEmail":"load@example.com","pageUrl":"/pricing"}' \
    "$url/api/chat/sessions" | python3 -c 'import json,sys; print(json.load(sys.stdin)["sessionId"])' >"$work/chat$i"
done
echo "rss before: $(rss) KiB"
peak=0
( while kill -0 "$pid" 2>/dev/null; do r=$(rss); [ "$r" -gt "$peak" ] && peak=$r && echo "$peak" >"$work/peak"; sleep 0.1; done ) &
sampler=$!
start=$(date +%s.%N)
for i in $(seq 1 "$n"); do
  curl -s -o /dev/null -w '%{http_code}\n' -b "$work/jar$i" -H 'X-Requested-With: XMLHttpRequest' \
    -H "X-Forwarded-For: 10.77.$((i / 250)).$((i % 250 + 1))" \
    -F "file=@$work/file.pdf;type=application/pdf" \
    "$url/api/chat/sessions/$(cat "$work/chat$i")/attachments" >>"$work/codes" &
done
wait $(jobs -p | grep -v "^$sampler$") 2>/dev/null || true
end=$(date +%s.%N)
sleep 2
kill "$sampler" 2>/dev/null || true
echo "answers: $(sort "$work/codes" | uniq -c | tr '\n' ' ')"
echo "uploads took: $(python3 -c "print(round($end - $start, 1))") s"
echo "rss peak: $(cat "$work/peak") KiB"
echo "rss after: $(rss) KiB"
