import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { bearsToken } from './metrics';

const TOKEN = 'a-metrics-token-0123456789';

test('only "Bearer <the token>" opens the metrics', () => {
  expect(bearsToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
  expect(bearsToken(`bearer   ${TOKEN} `, TOKEN)).toBe(true);
  for (const header of [
    undefined,
    '',
    'Bearer',
    'Bearer ',
    `Bearer ${TOKEN}x`,
    `Bearer ${TOKEN.slice(1)}`,
    `Basic ${TOKEN}`,
    TOKEN,
    `Bearer ${TOKEN} extra`,
  ])
    expect(bearsToken(header, TOKEN), String(header)).toBe(false);
});

test('METRICS_TOKEN and METRICS_ADDRESS are checked at start, with a message naming the setting', () => {
  const base = { DATA_DIR: '/tmp/unused-metrics-config', JWT_SECRET: 'x'.repeat(32) };
  expect(loadConfig({ ...base }).METRICS_TOKEN).toBeUndefined();
  expect(loadConfig({ ...base, METRICS_TOKEN: '  ' }).METRICS_TOKEN).toBeUndefined();
  expect(loadConfig({ ...base, METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
  expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  for (const ok of ['127.0.0.1:9464', 'localhost:9464', '[::1]:9464', '0.0.0.0:1'])
    expect(loadConfig({ ...base, METRICS_ADDRESS: ok }).METRICS_ADDRESS).toBe(ok);
  for (const bad of ['9464', '127.0.0.1', 'http://127.0.0.1:9464', '127.0.0.1:99999', '::1:9464'])
    expect(() => loadConfig({ ...base, METRICS_ADDRESS: bad }), bad).toThrow(ConfigError);
});
