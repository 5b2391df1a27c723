# Image for docker-compose.yml: installs with pnpm, builds the web app, runs the server.
FROM node:20-bookworm-slim
WORKDIR /app
RUN npm install -g pnpm@10.34.8
COPY . .
RUN pnpm install --frozen-lockfile && pnpm --filter @kolo/web build
ENV NODE_ENV=production
EXPOSE 3000
CMD ["pnpm", "--filter", "@kolo/server", "start"]
