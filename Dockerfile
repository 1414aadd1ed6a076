# syntax=docker/dockerfile:1
# One image for the API (default command), the projector and the CLI:
#   docker run folio                                       -> API on :3000
#   docker run folio node dist/apps/projector/src/main.js  -> projector
#   docker run folio folio --help                          -> CLI (/usr/local/bin/folio)
# In the compose stack: docker compose exec api folio users list

FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles its native addon from source when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
# .dockerignore keeps the host's node_modules, dist, data and .env out of this copy.
COPY . .
# Everything the runtime stage copies is used at run time: dependencies only (the build tools and the
# test client are devDependencies), the built tree, and the scripts `npm start` / `npm run cli` call.
RUN npm run build \
 && chmod +x dist/apps/cli/src/main.js \
 && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Git Sync's client is the git command (smart HTTP, protocol v2, SHA-256 repositories); ca-certificates for
# https remotes. Nothing else of git's recommends (no ssh, perl, less): Git Sync speaks http(s) only.
RUN apt-get update \
 && apt-get install -y --no-install-recommends git ca-certificates \
 && rm -rf /var/lib/apt/lists/*
# DATA_DIR holds the embedded SQLite files and the generated secret/admin token; a volume mounted on
# /data inherits this ownership, so the non-root user can write it.
RUN mkdir -p /data && chown node:node /data
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts ./scripts
# The CLI as a command on PATH, with the container's environment (stores, DATA_DIR, FOLIO_SECRET):
# `docker compose exec api folio tokens list --user admin@localhost`. `npm run --silent cli -- …` works too.
RUN ln -s /app/dist/apps/cli/src/main.js /usr/local/bin/folio
USER node
EXPOSE 3000
CMD ["node", "dist/apps/api/src/main.js"]
