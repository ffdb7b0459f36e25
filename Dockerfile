# syntax=docker/dockerfile:1

# SkillSwap production image: Remix (server.mjs) on Node 20, for Cloud Run or any container host.
#   docker build -t skillswap .
#   docker run -p 8080:8080 -v skillswap-data:/data skillswap          (embedded engine)
#   docker run -p 8080:8080 -e BACKEND=firebase -e SESSION_SECRET=… skillswap
#
# Dependencies are installed with `npm install` against the lockfile rather than `npm ci`
# (the registry can lag for some platforms' optional builds, and `npm ci` then rejects the
# lockfile; see TOOLCHAIN.md). npm 11 is installed to match the lockfile and to honour the
# `allowScripts` field of package.json.

ARG NODE_VERSION=20
ARG NPM_VERSION=11.19.1

FROM node:${NODE_VERSION}-bookworm-slim AS base
ARG NPM_VERSION
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
RUN npm install -g "npm@${NPM_VERSION}" && npm cache clean --force
WORKDIR /app

# 1. All dependencies; build tools for better-sqlite3, which compiles from source.
FROM base AS deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# patches/ holds fixes to installed packages that npm's postinstall (patch-package) applies.
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm install --include=dev

# 2. The production build (build/ and public/build/).
FROM deps AS build
COPY . .
RUN npm run build

# 3. Production dependencies only: prune the dev ones from stage 1, so better-sqlite3 is not
#    compiled a second time.
FROM deps AS prod-deps
RUN npm prune --omit=dev && npm cache clean --force

# 4. Runtime: no compilers, no dev dependencies, no source; files owned by root and only
#    /data writable by the unprivileged user.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/server.mjs ./server.mjs
COPY --from=build /app/cluster.mjs ./cluster.mjs
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# The privacy notice and the terms (decision 043): mount over /app/content to publish your own.
COPY --from=build /app/content ./content
COPY --from=build /app/locales ./locales
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# One worker per core (WEB_CONCURRENCY to change); each server.mjs handles SIGTERM (Cloud Run's
# stop signal), passed on by cluster.mjs, and they share $PORT.
CMD ["node", "cluster.mjs"]
