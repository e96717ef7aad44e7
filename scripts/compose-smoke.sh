#!/usr/bin/env bash
# Smoke test of compose.yaml (needs Docker with the compose plugin): build, start Redis, a
# writer and a replica, check that both are ready and answer the same game, that the replica
# refuses writes, and that one client's rate limit is shared through Redis; then tear down.
set -euo pipefail
cd "$(dirname "$0")/.."
export API_KEY_SECRET="${API_KEY_SECRET:-$(node -e 'console.log(require("node:crypto").randomBytes(32).toString("hex"))')}"
trap 'docker compose down -v' EXIT
docker compose up -d --build --wait
for port in 8080 8081; do curl -fsS "http://localhost:$port/readyz" >/dev/null && echo "ready on $port"; done
writer=$(curl -fsS 'http://localhost:8080/v1/games/spirit-island')
replica=$(curl -fsS 'http://localhost:8081/v1/games/spirit-island')
[ "$writer" = "$replica" ] && echo 'writer and replica answer the same game'
status=$(curl -s -o /dev/null -w '%{http_code}' -X POST 'http://localhost:8081/v1/games/spirit-island/ratings' \
  -H 'content-type: application/json' -H 'X-API-Key: ldx_unknown' -d '{"rating": 8}')
echo "a write on the replica answers $status (401 for the unknown key, or 503 naming the writer)"
a=$(curl -fsS -D - -o /dev/null 'http://localhost:8080/v1/mechanics' | tr -d '\r' | awk -F': ' 'tolower($1)=="x-ratelimit-remaining"{print $2}')
b=$(curl -fsS -D - -o /dev/null 'http://localhost:8081/v1/mechanics' | tr -d '\r' | awk -F': ' 'tolower($1)=="x-ratelimit-remaining"{print $2}')
echo "remaining on the writer $a, then on the replica $b (one budget: it counts down across both)"
[ "$b" -lt "$a" ]
echo 'compose smoke test passed'
