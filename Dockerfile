# The portal (SPA and reference API) in one image; compose.yaml runs it on PostgreSQL with start:cluster.
FROM node:22-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 builds from source when no prebuilt binary fits.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx webpack --mode production && node scripts/serverBuild.mjs && npm prune --omit=dev

FROM node:22-bookworm-slim
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
# The SPA is built above: --no-build keeps the image's dist/ as it is.
CMD ["node", "scripts/cluster.mjs", "--no-build"]
