// The reference deployment (deploy/compose.yaml, deploy/nginx.conf, Dockerfile) checked against the server it runs.
// This machine has no Docker, so nothing here starts a container: it checks that the pieces agree with each other and
// with config.ts: every variable the API nodes get is one the server reads and loads as a valid configuration (two
// nodes on the primary, reads on the replica, files in the bucket the store's setup makes, behind a proxy); the load
// balancer's upstreams are exactly the API services on their port; the replica is made from the primary with
// pg_basebackup -R; the image runs `npm run serve`'s file as a user that is not root.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config';
import { root } from '../crash/server-process';

const read = (p: string) => readFileSync(path.join(root, p), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[] | string;
  entrypoint?: string[] | string;
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, unknown> | string[];
}
const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const apiNodes = Object.entries(services).filter(([, s]) => s.build);
const dependsOn = (s: Service) => (Array.isArray(s.depends_on) ? s.depends_on : Object.keys(s.depends_on ?? {}));
/** The service a mounted file of the repository's deploy folder goes to: its path in the repository. */
const mounted = (s: Service, target: string) => {
  const v = s.volumes?.find((m) => m.split(':')[1] === target);
  return v ? path.join('deploy', v.split(':')[0]) : undefined;
};

describe('the reference deployment (deploy/)', () => {
  it('has a primary, a streaming replica, an S3-compatible store, two API nodes and a load balancer', () => {
    expect(apiNodes.map(([name]) => name).sort()).toEqual(['api-a', 'api-b']);
    expect(services.db.image).toMatch(/^postgres:/);
    expect(services['db-replica'].image).toBe(services.db.image);
    expect(services.minio.image).toMatch(/minio/);
    expect(services.lb.image).toMatch(/^nginx/);
    for (const [, s] of apiNodes) expect(s.build).toEqual({ context: '..', dockerfile: 'Dockerfile' });
  });

  it('gives the API nodes only variables config.ts reads, and they load as a valid configuration', () => {
    const known = new Set([...read('apps/server/src/config.ts').matchAll(/^ {2}([A-Z][A-Z0-9_]+): (?:z\b|ZBool)/gm)].map((m) => m[1]));
    expect(known.has('DATABASE_URL')).toBe(true);
    for (const [name, s] of apiNodes) {
      const env = s.environment ?? {};
      for (const key of Object.keys(env)) expect(known.has(key), `${name}: ${key} is not a variable of config.ts`).toBe(true);
      const config = loadConfig(env);
      expect(new URL(config.databaseUrl ?? '').hostname).toBe('db');
      expect(new URL(config.databaseReadUrl ?? '').hostname).toBe('db-replica');
      expect(config.fileStorage).toBe('s3');
      expect(new URL(config.s3.endpoint ?? '').host).toBe('minio:9000');
      expect(config.trustProxy).toBe(true);
      expect(config.host).toBe('0.0.0.0');
      expect(config.port).toBe(3000);
    }
    // Both nodes the same: one database, one bucket.
    expect(services['api-a'].environment).toEqual(services['api-b'].environment);
  });

  it("uses the database's and the store's own credentials and the bucket the store's setup makes", () => {
    const env = services['api-a'].environment ?? {};
    const primary = new URL(env.DATABASE_URL);
    expect(primary.username).toBe(services.db.environment?.POSTGRES_USER);
    expect(decodeURIComponent(primary.password)).toBe(services.db.environment?.POSTGRES_PASSWORD);
    expect(primary.pathname.slice(1)).toBe(services.db.environment?.POSTGRES_DB);
    expect(env.S3_ACCESS_KEY_ID).toBe(services.minio.environment?.MINIO_ROOT_USER);
    expect(env.S3_SECRET_ACCESS_KEY).toBe(services.minio.environment?.MINIO_ROOT_PASSWORD);
    const setup = ([] as string[]).concat(services['minio-bucket'].entrypoint ?? []).join(' ');
    expect(setup).toContain(`mc mb --ignore-existing store/${env.S3_BUCKET}`);
    expect(setup).toContain('http://minio:9000');
    for (const [, s] of apiNodes) expect(dependsOn(s)).toEqual(expect.arrayContaining(['db', 'db-replica', 'minio-bucket']));
  });

  it('makes the replica from the primary with pg_basebackup -R, with a replication role the primary allows', () => {
    const replica = services['db-replica'];
    const entry = mounted(replica, '/replica-entrypoint.sh');
    expect(entry).toBeDefined();
    const script = read(entry as string);
    expect(script).toMatch(/pg_basebackup -h "\$PRIMARY_HOST" .*-U replicator .*-R -X stream/);
    expect(replica.environment?.PRIMARY_HOST).toBe('db');
    expect(replica.environment?.REPLICATION_PASSWORD).toBe(services.db.environment?.REPLICATION_PASSWORD);
    const init = read(mounted(services.db, '/docker-entrypoint-initdb.d/10-replication.sh') as string);
    expect(init).toContain('create role replicator with replication login');
    expect(init).toContain('host replication replicator all');
    expect(([] as string[]).concat(services.db.command ?? []).join(' ')).toContain('wal_level=replica');
  });

  it("sends the load balancer's traffic to exactly the API nodes, on their port", () => {
    const lb = services.lb;
    const conf = read(mounted(lb, '/etc/nginx/nginx.conf') as string);
    const upstream = /upstream hr_api \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    const servers = [...upstream.matchAll(/server ([\w.-]+):(\d+)/g)].map((m) => `${m[1]}:${m[2]}`).sort();
    expect(servers).toEqual(apiNodes.map(([name, s]) => `${name}:${s.environment?.PORT}`).sort());
    expect(conf).toMatch(/proxy_pass http:\/\/hr_api;/);
    // TRUST_PROXY=true on the nodes: the balancer says who the client is.
    expect(conf).toContain('X-Forwarded-For $proxy_add_x_forwarded_for');
    // Uploads up to the server's own limit pass the balancer.
    const maxMb = loadConfig(services['api-a'].environment ?? {}).uploadMaxMb;
    expect(Number(/client_max_body_size (\d+)m;/.exec(conf)?.[1])).toBeGreaterThanOrEqual(maxMb);
    expect(dependsOn(lb).sort()).toEqual(apiNodes.map(([name]) => name).sort());
  });

  it("builds one image that runs `npm run serve`'s file as a user that is not root", () => {
    const dockerfile = read('Dockerfile');
    const serve = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.serve;
    const file = /node (\S+)/.exec(serve)?.[1];
    expect(file).toBe('apps/server/dist/main.js');
    expect(dockerfile).toContain(`CMD ["node", "${file}"]`);
    expect(dockerfile).toMatch(/RUN npm ci .*&& npm run build/);
    const user = /^USER (\S+)$/m.exec(dockerfile)?.[1];
    expect(user).toBeDefined();
    expect(user).not.toBe('root');
    // The USER line comes before the command, after the build.
    expect(dockerfile.indexOf('USER ')).toBeGreaterThan(dockerfile.indexOf('npm run build'));
    expect(dockerfile.indexOf('USER ')).toBeLessThan(dockerfile.indexOf('CMD '));
    // The image starts without the developers' node_modules or data.
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', 'data', '.git']));
  });
});
