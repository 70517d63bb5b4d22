# Switchyard: the compiled server and the built console on Node 26 (the Node LTS line since
# October 2026; Node 20 left security support in April 2026), run as the unprivileged `node` user
# with production dependencies only. Build: docker build -t switchyard .
# NODE_IMAGE: one line for every stage (the compiled better-sqlite3 must match the runtime's Node).
# Node 26's images are built on Debian 13 (trixie).
# The build and start steps are the npm scripts the test suite runs (see apps/server/test/ops/ops-deploy.test.ts).

ARG NODE_IMAGE=node:26-trixie-slim

# ── build: every dependency, then the console (npm run build) and the server (npm run build -w) ──
FROM $NODE_IMAGE AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary fits the platform.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY shared/build/package.json shared/build/
COPY shared/console-kit/package.json shared/console-kit/
COPY shared/contracts/package.json shared/contracts/
COPY apps/shell/package.json apps/shell/
COPY apps/account/package.json apps/account/
COPY apps/billing/package.json apps/billing/
COPY apps/channels/package.json apps/channels/
COPY apps/observability/package.json apps/observability/
COPY apps/settings/package.json apps/settings/
COPY apps/server/package.json apps/server/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build -w @switchyard/server

# ── deps: the server's production dependencies only (no rsbuild, esbuild, tsx, vitest) ──
FROM $NODE_IMAGE AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY shared/contracts/package.json shared/contracts/
COPY apps/server/package.json apps/server/
RUN npm ci --omit=dev --workspace @switchyard/server --no-audit --no-fund

# ── runtime ──
FROM $NODE_IMAGE AS runtime
# NODE_OPTIONS: what scripts/start.mjs does first, before the server's packages load (see
# apps/server/src/ops/young-generation.ts): the young generation stays small while starting.
ENV NODE_ENV=production \
    NODE_OPTIONS=--import=/app/apps/server/dist/young-generation-hold.js \
    PORT=3000 \
    SQLITE_PATH=/data/switchyard.db \
    REMOTES_DIR=/data/remotes \
    REMOTES_FILE=/data/remotes.json
WORKDIR /app
# The repository's layout is kept: the server finds the console builds under apps/ and the
# version in the root package.json.
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/apps/server/package.json apps/server/package.json
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/shell/dist apps/shell/dist
COPY --from=build /app/apps/account/dist apps/account/dist
COPY --from=build /app/apps/billing/dist apps/billing/dist
COPY --from=build /app/apps/channels/dist apps/channels/dist
COPY --from=build /app/apps/observability/dist apps/observability/dist
COPY --from=build /app/apps/settings/dist apps/settings/dist
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# `npm start -w @switchyard/server`, without npm in between: SIGTERM reaches the server itself.
WORKDIR /app/apps/server
CMD ["node", "dist/main.js"]
