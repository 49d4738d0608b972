# Junction's server image: the compiled server and the built web app, run by Node as a non-root user.
# Build: docker build -t junction .   Run many: docker compose up (compose.yaml), as `npm run test:scale` does.

# 1. Build: every dependency, then the web app and the server compiled to JavaScript (`npm run build`).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY packages/planner/package.json packages/planner/
COPY packages/refdata/package.json packages/refdata/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Run: the server's production dependencies only, the compiled code and the data it reads.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
# The allocator's settings of apps/server/runtime.json (`npm run serve` sets them too).
ENV MALLOC_ARENA_MAX=1 MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY packages/planner/package.json packages/planner/
COPY packages/refdata/package.json packages/refdata/
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/packages/domain/dist packages/domain/dist
COPY --from=build /app/packages/planner/dist packages/planner/dist
COPY --from=build /app/packages/refdata/dist packages/refdata/dist
COPY --from=build /app/packages/refdata/generated packages/refdata/generated
COPY --from=build /app/data/gtfs data/gtfs
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/assets apps/server/assets
COPY --from=build /app/apps/web/dist apps/web/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--conditions=compiled", "--max-semi-space-size=16", "--heap-growing-percent=50", "apps/server/dist/main.js"]
