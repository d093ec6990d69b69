# One image for command-api, query-api, projectors and the seed: the role is chosen by --role,
# as docker/Dockerfile.server. Node.js 20.20 is this machine's binary (Debian 12 packages
# Node 18, older than the app's engines field allows). deps/ holds the production dependencies
# the checkout's `npm install` made (better-sqlite3 compiled there, tsx among them: it runs the
# TypeScript sources), pruned by build-images.sh: no registry, no compiler in the build.
ARG BASE
FROM ${BASE}
COPY node/bin/node /usr/local/bin/node
RUN useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin node \
  && mkdir -p /app /data && chown node:node /data
WORKDIR /app
# The whole tree: a workspace keeps a version of its own in its node_modules (packages/mongodb and packages/kafka: mongodb).
COPY deps/ ./
COPY src/ ./
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=30 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["node", "--max-semi-space-size=64", "--import", "tsx", "apps/server/src/main.ts"]
CMD ["--role", "all"]
