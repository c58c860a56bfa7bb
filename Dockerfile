# A small production image: build with the full toolchain, run with production dependencies only.
# The server and the command-line tools (admin, backup, restore) are compiled into dist/ and run with
# plain Node: the runtime stage has no sources and no tsx. src/server/cli/image-layout.test.ts rebuilds
# this runtime stage from the lines below and runs it, so keep its COPY, ENV and CMD lines in this form.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
# A font for the share image drawn for shops without pictures (catalog/share-head.ts): the slim image has none.
# PostgreSQL's client tools for backups with DATABASE_URL (pg_dump, pg_restore), from PostgreSQL's own apt
# repository: pg_dump must be of the server's major version or newer, and Debian 12 has 15.
ARG PG_CLIENT_MAJOR=17
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core ca-certificates postgresql-common \
    && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
    && apt-get install -y --no-install-recommends postgresql-client-${PG_CLIENT_MAJOR} && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_PATH=/data/marketplace.sqlite \
    UPLOADS_DIR=/data/uploads
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/scripts/start.mjs /app/scripts/server-runtime.mjs /app/scripts/cli.mjs /app/scripts/node-version.mjs /app/scripts/build-freshness.mjs ./scripts/
# /backups: where compose.yaml mounts a volume for BACKUP_DIR; created here so the volume belongs to node.
RUN mkdir -p /data /backups && chown node:node /data /backups
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "scripts/start.mjs"]
