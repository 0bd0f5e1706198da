import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, expect, test, vi } from 'vitest';
import { ErrorBoundary } from './root';

type Props = Parameters<typeof ErrorBoundary>[0];
const render = (error: unknown) =>
  renderToStaticMarkup(<ErrorBoundary {...({ error, params: {}, loaderData: undefined, actionData: undefined } as unknown as Props)} />);

test('a router failure shows the error screen with the status and text', () => {
  const html = render({ status: 503, statusText: 'Service Unavailable', internal: false, data: null });
  expect(html).toContain('Unexpected Application Error!');
  expect(html).toContain('503 Service Unavailable');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

test('a thrown error shows its message and, outside development, no stack trace', () => {
  vi.stubEnv('DEV', false);
  const error = new Error('Something broke in the paper list');
  const html = render(error);
  expect(html).toContain('Unexpected Application Error!');
  expect(html).toContain('Something broke in the paper list');
  expect(html).not.toContain('at ');
});

test('in development the stack trace is shown to help the developer', () => {
  vi.stubEnv('DEV', true);
  expect(render(new Error('dev only'))).toContain('<pre');
});
