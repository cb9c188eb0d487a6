# Parish Dues as a container image (docs/deploy.md, "Container"): multi-stage, runs as a non-root
# user, data in the /data volume, health checked through /api/health.
# Build: podman build -t parish-dues .   (or docker build)
# Run:   podman run -d -p 3000:3000 -v parish-data:/data -e PUBLIC_URL=https://dues.example.org parish-dues

FROM docker.io/library/node:20-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM docker.io/library/node:20-bookworm-slim
# pg_dump / pg_restore for backups of a PostgreSQL database (npm run backup with DATABASE_URL).
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data PORT=3000 HOST=0.0.0.0
COPY --from=build --chown=root:root /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--enable-source-maps", "apps/server/dist/server.mjs"]
