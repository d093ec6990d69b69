# One image for command-api, query-api, projectors and the seed: the role is chosen by --role,
# as docker/Dockerfile.server. Node.js 20.20 is this machine's binary (Debian 12 packages
# Node 18, older than the app's engines field allows); the dependencies are installed with npm
# ci from the lockfile, in a layer of their own so a code change does not reinstall them.
ARG BASE
FROM ${BASE}
COPY node/bin/node /usr/local/bin/node
COPY node/npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
  && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin node \
  && mkdir -p /app /data && chown node:node /data
WORKDIR /app
COPY deps/ ./
# better-sqlite3 compiles from source here (no prebuilt download offline): the compiler is
# installed, used and removed in the same layer.
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends python3 make g++ \
  && npm ci --no-audit --no-fund --loglevel=error && npm cache clean --force \
  && apt-get purge -y -qq python3 make g++ && apt-get autoremove -y -qq --purge \
  && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /root/.cache /tmp/*
COPY src/ ./
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=30 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["node", "--max-semi-space-size=64", "--import", "tsx", "apps/server/src/main.ts"]
CMD ["--role", "all"]
