import { SignJWT } from 'jose';
import { afterEach, expect, test, vi } from 'vitest';
import { signToken, tokenKey, verifyToken } from './tokens';

afterEach(() => {
  vi.useRealTimers();
});

test('a remembered token is still refused once it expires, under another key, or altered', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const key = tokenKey('unit-secret-unit-secret-unit-secret-0123');
  const short = await new SignJWT({ role: 'Reviewer', iam: Date.now() })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('u1')
    .setIssuedAt()
    .setExpirationTime('2s')
    .sign(key);
  expect((await verifyToken(short, key))?.sub).toBe('u1');
  expect((await verifyToken(short, key))?.role).toBe('Reviewer'); // from memory
  expect(await verifyToken(short, tokenKey('another-secret-another-secret-012345678'))).toBeNull();
  expect(await verifyToken(short.slice(0, -2) + (short.endsWith('AA') ? 'BB' : 'AA'), key)).toBeNull();
  vi.setSystemTime(Date.now() + 3_000);
  expect(await verifyToken(short, key)).toBeNull();
  expect(await verifyToken(short, key)).toBeNull();
});

test('what a caller does to the claims it was given does not change what the next caller gets', async () => {
  const key = tokenKey('unit-secret-unit-secret-unit-secret-0123');
  const token = await signToken({ sub: 'u2', role: 'Author', links: ['u3'] }, key);
  const first = (await verifyToken(token, key))!;
  first.links!.push('intruder');
  first.sub = 'someone-else';
  const second = (await verifyToken(token, key))!;
  expect(second.sub).toBe('u2');
  expect(second.links).toEqual(['u3']);
});
