# The server's container image (the reference deployment: deploy/compose.yaml). One image for every API node:
# the web app and the server bundle built inside it, run as the unprivileged `node` user.
FROM node:22-bookworm-slim
WORKDIR /app
COPY . .
# Every workspace's dependencies (the build needs vite and esbuild; the bundle resolves its packages from
# node_modules at run time: scripts/build-server.mjs), then the web app and apps/server/dist/main.js.
RUN npm ci --no-audit --no-fund && npm run build && mkdir -p /app/data && chown node:node /app/data
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/server/dist/main.js"]
