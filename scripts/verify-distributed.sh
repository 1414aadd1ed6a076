#!/usr/bin/env bash
# Checks the distributed mode with one command, on any machine with Docker (Compose v2 or docker-compose):
#   1. creates .env from .env.example with a fresh FOLIO_SECRET if there is none;
#   2. builds the image and starts docker-compose.yml with three API replicas behind the proxy, plus
#      docker-compose.stores.yml (EventStoreDB and MongoDB on the host's loopback, for step 4), waits until
#      every container is healthy (live), then until the proxy answers /health/ready (a replica is ready);
#   3. runs test/e2e/distributed.e2e-spec.ts against the proxy (read-your-writes across replicas, one
#      shared secret, /health, answers checked against the client's OpenAPI spec);
#   4. runs the contract suites (npm run test:contract) against the stack's EventStoreDB and MongoDB
#      (the MongoDB suite in its own database, folio_contract);
#   5. tears the stack down with its volumes, whatever happened (trap).
# The other e2e suites run Folio in-process on embedded stores (npm test); they are not run here.
# Needs the project's node_modules (npm ci) on the host for the test runs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
elif command -v docker-compose >/dev/null 2>&1; then
  compose=(docker-compose)
else
  echo "error: needs Docker with Compose ('docker compose' or docker-compose)" >&2
  exit 1
fi
# A project name of its own: never touches a stack started from this folder by hand. The stores'
# override publishes them on loopback for the contract suites (the default stack publishes only the proxy).
compose+=(-p folio-verify -f docker-compose.yml -f docker-compose.stores.yml)

if [ ! -f .env ]; then
  sed "s/^FOLIO_SECRET=.*/FOLIO_SECRET=$(openssl rand -hex 32)/" .env.example > .env
  echo "created .env with a fresh FOLIO_SECRET" >&2
fi
# FOLIO_PORT, FOLIO_SECRET and the stores' host ports, as compose reads them.
set -a
# shellcheck source=/dev/null
. ./.env
set +a
port="${FOLIO_PORT:-3000}"
eventstore_port="${EVENTSTORE_HOST_PORT:-2113}"
mongo_port="${MONGO_HOST_PORT:-27017}"

cleanup() {
  echo "tearing the stack down" >&2
  "${compose[@]}" down -v --remove-orphans >&2 || true
}
trap cleanup EXIT

"${compose[@]}" up -d --build --scale api=3

# Compose v1 has no --wait: poll every container's health, up to 5 minutes.
deadline=$((SECONDS + 300))
for service in eventstore mongo projector api proxy; do
  for id in $("${compose[@]}" ps -q "$service"); do
    until [ "$(docker inspect --format '{{.State.Health.Status}}' "$id")" = healthy ]; do
      if [ "$SECONDS" -ge "$deadline" ]; then
        echo "error: $service ($id) is not healthy after 5 minutes" >&2
        "${compose[@]}" logs --tail 50 "$service" >&2
        exit 1
      fi
      sleep 2
    done
  done
  echo "$service healthy" >&2
done
# Container health is liveness; the tests need a replica that is ready (projections caught up).
until curl -fsS -o /dev/null "http://127.0.0.1:$port/health/ready"; do
  if [ "$SECONDS" -ge "$deadline" ]; then
    echo "error: no API replica is ready behind the proxy after 5 minutes" >&2
    "${compose[@]}" logs --tail 50 api proxy >&2
    exit 1
  fi
  sleep 2
done
echo "an API replica is ready behind the proxy" >&2

admin_token=$("${compose[@]}" exec -T api cat /data/admin-token | tr -d '\r\n')
# The CLI inside the image, as an operator runs it.
"${compose[@]}" exec -T api folio users list --limit 1 >/dev/null

FOLIO_URL="http://127.0.0.1:$port" FOLIO_ADMIN_TOKEN="$admin_token" FOLIO_SECRET="$FOLIO_SECRET" \
  npx jest --selectProjects e2e --runInBand test/e2e/distributed.e2e-spec.ts

EVENTSTORE_URL="esdb://127.0.0.1:$eventstore_port?tls=false" \
MONGODB_URL="mongodb://127.0.0.1:$mongo_port/folio_contract?directConnection=true" \
  npm run test:contract

echo "distributed mode verified" >&2
