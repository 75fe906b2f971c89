# syntax=docker/dockerfile:1
# The partner portal as one image: built once in the first stage, run in the second with the
# production bundle only (pnpm bundle: server/dist, client/dist, drizzle/, production node_modules).
# Not built or run on the development machines (no Docker engine there); see README "Production".

FROM node:22-bookworm-slim AS build
RUN npm install -g pnpm@12 && apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Dependencies first, so a change of source reuses this layer.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .pnpmfile.cjs ./
COPY scripts ./scripts
COPY patches ./patches
COPY client/package.json ./client/
COPY server/package.json ./server/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm build && pnpm bundle /app --no-build

FROM node:22-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
# The code belongs to root and is read-only for the server; only DATA_DIR (the embedded database) is its own.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
