# syntax=docker/dockerfile:1
# headroom: two stages (docs/operations.md, "Container image"). The build stage compiles the
# grammar and TypeScript, and better-sqlite3's native module when no prebuilt binary matches;
# the runtime stage holds production dependencies only and runs as the unprivileged `node` user.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Toolchain for better-sqlite3 when no prebuilt binary matches the platform.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# `build` runs `prebuild` (nearleyc → src/language/generated) first; then drop dev dependencies.
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
# tini as PID 1: forwards SIGTERM to node and reaps the ShardingManager's shard processes.
RUN apt-get update && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    HEADROOM_DB_PATH=/data/headroom.sqlite \
    PORT=3000
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
STOPSIGNAL SIGTERM
# Start node directly (not `npm start`: npm does not forward signals, and its prestart rebuilds),
# with the V8 heap settings of `npm start` (docs/operations.md, "Capacity and memory"; a test keeps them equal).
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--heap-growing-percent=50", "--max-semi-space-size=4", "dist/src/main.js"]
