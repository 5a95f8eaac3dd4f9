# The game server (API + socket + built web client) on one port. Used by docker-compose.yml.
# Four stages: the workspaces' manifests, the production dependencies (better-sqlite3 compiled here),
# the build (every dependency, the compiler, Vite), and the image itself with only what runs: node,
# the production modules, the server bundle, the built client and the scenario files.
ARG NODE_IMAGE=node:24-bookworm-slim

# Every workspace's package.json in its folder and nothing else (found by the workspaces' globs, not
# listed: a new game's package needs no line here). The next stage's install is cached on these alone.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir -p /manifests && cp package.json package-lock.json /manifests/ \
    && for f in packages/*/package.json apps/*/package.json; do \
         mkdir -p "/manifests/$(dirname "$f")" && cp "$f" "/manifests/$f"; \
       done

FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
# better-sqlite3 (the embedded store) compiles from source when no prebuilt binary fits.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
COPY --from=manifests /manifests/ ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM prod-deps AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w @kon/web && npm run build -w @kon/server

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/packages/game/scenarios ./packages/game/scenarios
# The embedded store's folder belongs to the unprivileged user the server runs as.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8000
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=6 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1: `docker stop`'s SIGTERM reaches the server once, and it drains (finishes the
# moves and writes under way) before it exits. It starts no child processes, so nothing needs reaping.
CMD ["node", "--enable-source-maps", "apps/server/dist/main.cjs"]
