import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, test } from 'vitest';

// The README promises Node ≥ 20.19 (package.json engines). Every package that `npm ci` installs for
// production must accept that Node, or npm warns (EBADENGINE) and the promise is not kept.
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string; dev?: boolean; optional?: boolean; engines?: { node?: string } | string[] }>;
};
const ours = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node;

describe('engines', () => {
  test('every production package accepts the oldest Node the README promises', () => {
    const oldest = semver.minVersion(ours)!.version;
    const refusing = Object.entries(lock.packages)
      .filter(([name, p]) => name !== '' && !p.dev && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.satisfies(oldest, (p.engines as { node: string }).node))
      .map(([name, p]) => `${name}@${p.version} wants node ${(p.engines as { node: string }).node}`);
    expect(oldest).toBe('20.19.0');
    expect(refusing).toEqual([]);
  });
});
