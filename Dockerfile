# One image for the api, the worker and the migrate job (docker-compose.yml picks the command).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json nest-cli.json ./
COPY backend backend
COPY frontend frontend
RUN npm run build -w backend && npm run build -w frontend

FROM node:20-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --omit=dev -w backend --include-workspace-root=false --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=build /app/backend/package.json backend/package.json
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/frontend/dist frontend/dist
COPY data data
COPY package.json ./
USER node
EXPOSE 3000
CMD ["node", "backend/dist/main.js"]
