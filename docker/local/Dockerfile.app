# One image for command-api, query-api, projectors and the seed: the role is chosen by --role,
# as docker/Dockerfile.server. Node.js 20.20 is this machine's binary (Debian 12 packages
# Node 18, older than the app's engines field allows). The dependencies are installed from the
# lockfile in a build stage: the compiler, Node's headers (better-sqlite3 compiles
# from source, no prebuilt download offline) and the certificate authorities this machine's
# registry access needs (build-ca/) stay there; only node_modules reaches the image.
ARG BASE
FROM ${BASE} AS deps
COPY node/bin/node /usr/local/bin/node
COPY node/npm /usr/local/lib/node_modules/npm
COPY node/include /usr/include/node
COPY build-ca/ /usr/local/share/ca-certificates/
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
  && apt-get update -qq && apt-get install -y -qq python3 make g++ && update-ca-certificates >/dev/null
WORKDIR /app
COPY deps/ ./
ENV npm_config_nodedir=/usr NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
# Production dependencies only (the workspaces' own; lint checks their imports are declared),
# and tsx, which runs the TypeScript sources: the development tools (firebase-tools, Playwright,
# Lighthouse...) would add a gigabyte and minutes of native compiling.
ARG TSX_VERSION
RUN npm ci --omit=dev --no-audit --no-fund --loglevel=error \
  && npm install --prefix /tmp/tsx --no-audit --no-fund --loglevel=error "tsx@${TSX_VERSION}" \
  && cp -rn /tmp/tsx/node_modules/. node_modules/

FROM ${BASE}
COPY node/bin/node /usr/local/bin/node
RUN useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin node \
  && mkdir -p /app /data && chown node:node /data
WORKDIR /app
# The whole tree: a workspace keeps a version of its own in its node_modules (packages/platform: mongodb).
COPY --from=deps /app ./
COPY src/ ./
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=30 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["node", "--max-semi-space-size=64", "--import", "tsx", "apps/server/src/main.ts"]
CMD ["--role", "all"]
