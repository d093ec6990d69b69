/**
 * The router of the distributed topology run without Docker: Debian's nginx with the very
 * routing of `docker/nginx.conf` (reads to query-api, writes to command-api, /api/ops to the
 * projectors, the built client for every other path). That file is the one source of the
 * routes; only what differs outside Docker is replaced: the upstreams' addresses (several
 * replicas each), the port, the client's folder, the files nginx keeps, and the values of the
 * security headers (those of this configuration, from the same function as the services').
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  NGINX_MAPS_BEGIN,
  NGINX_MAPS_END,
  nginxSecurityHeaderMaps,
  type SecurityHeaders,
} from '@rewear/server';

export const NGINX_SITE = 'docker/nginx.conf';

export interface RouterLayout {
  /** Folder for the rendered configuration, the pid file, logs and temporary files. */
  dir: string;
  listen: { host: string; port: number };
  /** The built client (apps/client/dist). */
  clientDist: string;
  upstreams: { query_api: string[]; command_api: string[]; ops_api: string[] };
  /** The headers the services send for this configuration (securityHeaders). */
  securityHeaders: SecurityHeaders;
}

/** Replaces `pattern` in `text`, and fails loudly when the site file no longer has it. */
function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(text)) throw new Error(`${NGINX_SITE} no longer has ${what}`);
  // As a function, so that no `$` in the replacement is read as a back-reference.
  return text.replace(pattern, () => replacement);
}

/** The site of docker/nginx.conf with this machine's addresses. */
export function renderSite(site: string, layout: RouterLayout): string {
  let text = site;
  for (const [name, servers] of Object.entries(layout.upstreams)) {
    if (servers.length === 0) throw new Error(`upstream ${name} needs at least one server`);
    const members = servers.map((server) => `server ${server};`).join(' ');
    text = replaceOnce(
      text,
      new RegExp(`upstream ${name}\\s*\\{[^}]*?server [^;]+;`),
      `upstream ${name} { ${members}`,
      `an upstream ${name}`,
    );
  }
  text = replaceOnce(
    text,
    /listen 80;/,
    `listen ${layout.listen.host}:${layout.listen.port};`,
    'a listen line',
  );
  text = replaceOnce(
    text,
    /root \/usr\/share\/nginx\/html;/,
    `root ${layout.clientDist};`,
    'the client root',
  );
  const maps = new RegExp(`${NGINX_MAPS_BEGIN}[^\\n]*\\n[\\s\\S]*?${NGINX_MAPS_END}`);
  const rendered = nginxSecurityHeaderMaps(layout.securityHeaders, 'this configuration');
  text = replaceOnce(text, maps, rendered, 'the security headers block');
  return text;
}

/** Writes the whole nginx.conf around the site; returns its path. */
export function writeRouterConfig(repoRoot: string, layout: RouterLayout): string {
  const site = renderSite(readFileSync(path.join(repoRoot, NGINX_SITE), 'utf8'), layout);
  const temp = path.join(layout.dir, 'temp');
  mkdirSync(temp, { recursive: true });
  const root = process.getuid?.() === 0;
  const conf = `# Written by scripts/distributed/router.ts from ${NGINX_SITE}; do not edit.
${
  // As root nginx's workers would run as nobody, who cannot read a private checkout's client.
  root ? 'user root;' : ''
}
worker_processes 1;
daemon off;
pid ${path.join(layout.dir, 'nginx.pid')};
error_log ${path.join(layout.dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${path.join(layout.dir, 'access.log')};
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
${site}
}
`;
  const file = path.join(layout.dir, 'nginx.conf');
  writeFileSync(file, conf);
  return file;
}
