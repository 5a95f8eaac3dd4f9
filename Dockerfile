# The game server (API + socket + built web client) on one port. Used by docker-compose.yml.
FROM node:20-bookworm-slim

WORKDIR /app

# better-sqlite3 (the embedded store) compiles from source when no prebuilt binary fits.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*

# Install dependencies first (cached while only sources change).
COPY package.json package-lock.json ./
COPY packages/game/package.json packages/game/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund

COPY . .
# Build the web client into apps/web/dist at image build time (the server serves it if present).
RUN npm run build -w @kon/web --if-present && npm run build -w @kon/server

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8000 \
    DATA_DIR=/data
EXPOSE 8000
VOLUME ["/data"]

# npm forwards SIGTERM to the server (its start script execs node on the compiled dist/main.cjs), which shuts down gracefully.
CMD ["npm", "run", "start", "-w", "@kon/server"]
