import { multipart, pdfBytes } from '../support/multipart';

/** The password every journey's accounts use. */
export const PASSWORD = 'correct horse battery';

/**
 * The API of a journey's own server, called from the test (not the page): `call` (a 3xx or worse throws with the
 * answer), `signup` and `submit` (a paper with its PDF, through the real multipart upload). `baseUrl` is read at
 * each call: the server starts in beforeAll.
 */
export function serverApi(baseUrl: () => string) {
  async function call<T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
    const res = await fetch(`${baseUrl()}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${url} ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
  const signup = (role: 'Author' | 'Reviewer' | 'Editor', name: string, email: string, tags: string[] = []) =>
    call<{ token: string; user: { _id: string } }>('POST', '/api/signup', null, {
      name,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role,
      tags,
    });
  async function submit(token: string, title: string, opts: { keywords?: string[]; abstract?: string } = {}): Promise<string> {
    const keywords = (opts.keywords ?? ['Robotics']).map((k) => ['keywords', k] as [string, string]);
    const { payload, contentType } = await multipart([
      ['title', title],
      ['abstract', opts.abstract ?? 'An abstract.'],
      ...keywords,
      ['file', pdfBytes(title), 'p.pdf'],
    ]);
    const res = await fetch(`${baseUrl()}/api/author/new-paper`, {
      method: 'POST',
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      body: new Uint8Array(payload),
    });
    if (res.status !== 201) throw new Error(`submit ${res.status} ${await res.text()}`);
    return ((await res.json()) as { paper: { _id: string } }).paper._id;
  }
  /**
   * Confirm `email` with the link mailed to it at sign-up (read through `mailsTo`, the journey's SMTP listener), as
   * its owner would (the page's button posts the token). Polled by hand, as beforeAll cannot use expect.poll.
   */
  async function verifyByMail(email: string, mailsTo: (email: string) => string[]): Promise<void> {
    let token: string | undefined;
    for (const started = Date.now(); !(token = /verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mailsTo(email).join('\n'))?.[1]);) {
      if (Date.now() - started > 15_000) throw new Error(`no verification mail to ${email}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await call('POST', '/api/email/verify', null, { token });
  }
  /**
   * The editor names `email` chair of `trackId`; the chair signs up as an Editor and confirms the address with the
   * link mailed to it (read through `mailsTo`, the journey's SMTP listener): a chair's rights wait for that.
   * Polled by hand, as beforeAll cannot use expect.poll.
   */
  async function signUpVerifiedChair(opts: {
    editorToken: string;
    trackId: string;
    name: string;
    email: string;
    mailsTo: (email: string) => string[];
  }) {
    await call('PUT', `/api/editor/tracks/${opts.trackId}/chairs`, opts.editorToken, { emails: [opts.email] });
    const chair = await signup('Editor', opts.name, opts.email);
    await verifyByMail(opts.email, opts.mailsTo);
    return chair;
  }
  return { call, signup, submit, verifyByMail, signUpVerifiedChair };
}
