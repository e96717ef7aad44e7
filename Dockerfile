# syntax=docker/dockerfile:1
# Ludex in a container: built with the development dependencies, run as compiled JavaScript
# (dist/) on the production dependencies alone, as the unprivileged `node` user, with the
# store on a volume. Build: docker build -t ludex .  Run: see docs/operations.md#containers.

ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# roaring compiles its addon from source when its prebuilt binary cannot be downloaded.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# dist/ carries the demo catalog, the mapping tables and the /docs script; then drop dev deps.
RUN npm run build && npm prune --omit=dev

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
# glibc.malloc.hugetlb=1: the Dataset's buffers on transparent huge pages (docs/operations.md, Memory)
ENV NODE_ENV=production \
    GLIBC_TUNABLES=glibc.malloc.hugetlb=1 \
    PORT=8080 \
    HOST=0.0.0.0 \
    LUDEX_DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Ready means: the store answers and a Dataset is loaded (the first start imports the demo
# catalog first, hence the start period).
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches Node directly (exec form): the server drains and closes the store.
ENTRYPOINT ["node", "--enable-source-maps", "dist/server/ludex.js"]
CMD ["serve"]
