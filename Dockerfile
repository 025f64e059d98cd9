# The Tidings image: one build serves as API replica (WORKER=off), worker (npm run worker) or both (default).
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json tsconfig.json tsconfig.base.json relay.config.json schema.graphql ./
COPY api/package.json api/
COPY extension/package.json extension/
COPY packages/shared/package.json packages/shared/
COPY web/package.json web/
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
RUN npm run build
EXPOSE 4000
USER node
CMD ["node", "--enable-source-maps", "api/dist/start.js"]
