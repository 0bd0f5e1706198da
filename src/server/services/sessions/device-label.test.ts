import { expect, test } from 'vitest';
import { deviceLabel } from './device-label';

test('common browsers read as browser on system; anything else as an unknown device', () => {
  expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0')).toBe('Firefox on Windows');
  expect(
    deviceLabel(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    ),
  ).toBe('Edge on macOS');
  expect(
    deviceLabel(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    ),
  ).toBe('Safari on iPhone');
  expect(deviceLabel('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe(
    'Chrome on Linux',
  );
  expect(
    deviceLabel('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'),
  ).toBe('Chrome on Android');
  expect(deviceLabel('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36')).toBe(
    'Chrome on Linux',
  );
  expect(deviceLabel('curl/8.5.0')).toBe('curl');
  expect(deviceLabel('')).toBe('Unknown device');
  expect(deviceLabel('lightMyRequest')).toBe('Unknown device');
});
