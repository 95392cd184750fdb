import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.resolve('data'),
      sessionIdleMinutes: 120,
      sessionAbsoluteHours: 12,
      signInMaxFailuresPerAccount: 5,
      signInMaxFailuresPerAccountAnyAddress: 30,
      signInMaxFailuresPerIp: 20,
      signInWindowMinutes: 15,
      signInDelaySeconds: 30,
      uploadMaxMb: 10,
      orgTimeZone: 'Asia/Kolkata',
      webDist: path.resolve('apps/web/dist'),
      trustProxy: false,
    });
  });

  it('reads and coerces the environment', () => {
    const c = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@h:5432/db', SESSION_IDLE_MINUTES: '30', TRUST_PROXY: 'true' });
    expect(c).toMatchObject({ port: 8080, databaseUrl: 'postgres://u@h:5432/db', sessionIdleMinutes: 30, trustProxy: true });
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('refuses invalid values with a readable message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ORG_TIME_ZONE: 'Mars/Olympus' })).toThrow(/ORG_TIME_ZONE/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
