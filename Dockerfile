# One image for every Node service of docker-compose.yml; the command picks the role.
FROM node:20-bookworm-slim
RUN npm i -g pnpm@12
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile && pnpm --filter @bourse/client build
ENV NODE_ENV=production
EXPOSE 3000
CMD ["pnpm", "exec", "tsx", "server/src/main.ts"]
