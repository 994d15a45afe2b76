# syntax=docker/dockerfile:1
# toolgate: a multi-stage build. The build stage compiles TypeScript with the dev dependencies; the
# runtime stage has production dependencies only, the compiled dist/ and the SQL migrations, and
# runs as the unprivileged `node` user under tini (signals reach node, so SIGTERM drains calls).

# ── build ──────────────────────────────────────────────────────────────────────────────────────
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
RUN npm run build

# ── runtime ────────────────────────────────────────────────────────────────────────────────────
FROM node:20-bookworm-slim AS runtime
# bubblewrap confines every child process (see README, Security model: it needs user namespaces,
# so run the container with the seccomp/AppArmor settings docker-compose.yml shows); ripgrep, git
# and python3 for the search, git and notebook tools; tini as PID 1.
RUN apt-get update \
 && apt-get install -y --no-install-recommends bubblewrap ripgrep git python3 tini ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# dist/db/client.js reads its migrations at ../../migrations, i.e. /app/migrations.
COPY migrations ./migrations
# dist/config.js finds the shipped subagent definitions at ../agents (TOOLGATE_AGENTS_DIR overrides it).
COPY agents ./agents
RUN mkdir -p /data /workspace && chown node:node /data /workspace

# Listen on every interface inside the container (the default, 127.0.0.1, would be unreachable);
# PGlite data, the generated secret key and the workspace live on volumes.
ENV HOST=0.0.0.0 \
    PORT=3000 \
    TOOLGATE_DATA_DIR=/data \
    TOOLGATE_WORKSPACE=/workspace \
    TOOLGATE_SANDBOX=bwrap
VOLUME ["/data", "/workspace"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/server.js"]
