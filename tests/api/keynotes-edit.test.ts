import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from '../../src/server/db/schema';
import { speakers as shippedContent } from '../../src/web/content/speakers';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

/** Decision 0026: every keynote speaker (the seven shipped with the site too) and news item is editable, removable and orderable. */
let t: TestApp;
let editor: SignedUp;
let author: SignedUp;

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author');
});
afterAll(async () => {
  await t?.close();
});

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: SignedUp | null, payload?: object) =>
  t.app.inject({ method, url, payload: payload as Record<string, unknown> | undefined, headers: who ? who.auth : {} });
const all = async () =>
  (await send('GET', '/api/keynote-speakers/all', null)).json() as Array<{
    _id: string;
    name: string;
    designation: string;
    biography: string;
    shipped: boolean;
    photo: string | null;
  }>;
const news = async () => (await send('GET', '/api/news', null)).json() as Array<{ _id: string; name: string; description: string }>;
const audits = async (action: string) => t.app.database.db.select().from(auditLog).where(eq(auditLog.action, action));
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const SHIPPED = shippedContent.map((s) => s.id);

describe('keynote speakers', () => {
  test('the seven shipped speakers are listed first, with their biographies, and GET /keynote-speakers still lists only the added ones', async () => {
    const list = await all();
    expect(list.map((s) => s._id)).toEqual(SHIPPED);
    expect(list.every((s) => s.shipped && s.photo === null)).toBe(true);
    expect(list[0]!.designation).toBe(shippedContent[0]!.title);
    expect(list[0]!.biography).toBe(shippedContent[0]!.biography.join('\n\n'));
    expect((await send('GET', '/api/keynote-speakers', null)).json()).toEqual([]);
  });

  test("an editor edits a shipped speaker's texts and biography; only the fields sent change; audited", async () => {
    const id = SHIPPED[1]!;
    const res = await send('PATCH', `/api/keynote-speakers/${id}`, editor, {
      name: 'Ada Lovelace',
      biography: 'First paragraph.\r\n\r\nSecond paragraph.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Keynote speaker saved',
      speaker: {
        _id: id,
        name: 'Ada Lovelace',
        designation: shippedContent[1]!.title,
        biography: 'First paragraph.\n\nSecond paragraph.',
        shipped: true,
      },
    });
    expect((await all()).find((s) => s._id === id)).toMatchObject({
      name: 'Ada Lovelace',
      biography: 'First paragraph.\n\nSecond paragraph.',
    });
    expect((await audits('keynote.edit')).map((a) => a.details)).toContainEqual(
      expect.objectContaining({ id, name: 'Ada Lovelace', fields: ['name', 'biography'], shipped: true }),
    );
  });

  test('an added speaker takes a biography; GET /keynote-speakers shows it only when there is one', async () => {
    const add = await send('POST', '/api/keynote-speakers', editor, {
      name: 'Grace Hopper',
      designation: 'Rear Admiral',
      biography: 'Wrote the first compiler.',
    });
    expect(add.statusCode).toBe(201);
    const plain = await send('POST', '/api/keynote-speakers', editor, { name: 'No Bio' });
    const added = (await send('GET', '/api/keynote-speakers', null)).json();
    expect(added).toEqual([
      {
        _id: add.json().speaker._id,
        name: 'Grace Hopper',
        designation: 'Rear Admiral',
        position: '',
        photo: null,
        biography: 'Wrote the first compiler.',
      },
      { _id: plain.json().speaker._id, name: 'No Bio', designation: '', position: '', photo: null },
    ]);
    // Added speakers come after the shipped seven.
    expect((await all()).slice(-2).map((s) => s.name)).toEqual(['Grace Hopper', 'No Bio']);
    for (const id of [add.json().speaker._id, plain.json().speaker._id])
      expect((await send('DELETE', `/api/keynote-speakers/${id}`, editor)).statusCode).toBe(200);
  });

  test('move up and down reorders the one list, shipped and added alike; the ends stay put; audited', async () => {
    const added = (await send('POST', '/api/keynote-speakers', editor, { name: 'Moved Up' })).json().speaker._id as string;
    const before = (await all()).map((s) => s._id);
    expect((await send('POST', `/api/keynote-speakers/${added}/move`, editor, { direction: 'up' })).json()).toEqual({
      message: 'Keynote speaker moved',
    });
    const after = (await all()).map((s) => s._id);
    expect(after.at(-1)).toBe(before.at(-2));
    expect(after.at(-2)).toBe(added);
    expect((await send('POST', `/api/keynote-speakers/${SHIPPED[0]}/move`, editor, { direction: 'down' })).statusCode).toBe(200);
    expect((await all()).slice(0, 2).map((s) => s._id)).toEqual([SHIPPED[1], SHIPPED[0]]);
    // At the top already: nothing changes, still 200.
    expect((await send('POST', `/api/keynote-speakers/${SHIPPED[1]}/move`, editor, { direction: 'up' })).statusCode).toBe(200);
    expect((await all())[0]!._id).toBe(SHIPPED[1]);
    expect((await send('POST', `/api/keynote-speakers/${SHIPPED[1]}/move`, editor, { direction: 'down' })).statusCode).toBe(200);
    expect((await all()).slice(0, 2).map((s) => s._id)).toEqual([SHIPPED[0], SHIPPED[1]]);
    expect((await audits('keynote.move')).length).toBeGreaterThanOrEqual(4);
    await send('DELETE', `/api/keynote-speakers/${added}`, editor);
  });

  test('a shipped speaker can be removed: it leaves the list, audited', async () => {
    const id = SHIPPED[6]!;
    expect((await send('DELETE', `/api/keynote-speakers/${id}`, editor)).json()).toEqual({ message: 'Keynote speaker removed' });
    expect((await all()).map((s) => s._id)).not.toContain(id);
    expect((await audits('keynote.remove')).map((a) => a.details)).toContainEqual(expect.objectContaining({ id }));
    expect((await send('PATCH', `/api/keynote-speakers/${id}`, editor, { name: 'Back' })).statusCode).toBe(404);
  });

  test('biography limits and bad input are clear 4xx answers', async () => {
    const id = SHIPPED[0]!;
    const cases: Array<[object, string]> = [
      [{ biography: 'x'.repeat(4001) }, 'Biography is too long (at most 4000 characters)'],
      [{ biography: 'bad\u202eby direction' }, 'Biography contains control or text-direction characters that are not allowed'],
      [{ biography: 'bell\u0007' }, 'Biography contains control or text-direction characters that are not allowed'],
      [{ name: '' }, 'Name is required'],
      [{ name: 'x'.repeat(121) }, 'Name is too long (at most 120 characters)'],
      [{ designation: 'x'.repeat(201) }, 'Designation is too long (at most 200 characters)'],
    ];
    for (const [body, message] of cases) {
      const res = await send('PATCH', `/api/keynote-speakers/${id}`, editor, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    // 4000 characters exactly is fine, a CR LF counting as one.
    expect((await send('PATCH', `/api/keynote-speakers/${id}`, editor, { biography: `${'x'.repeat(3998)}\r\ny` })).statusCode).toBe(200);
    expect((await send('POST', '/api/keynote-speakers', editor, { name: 'Long', biography: 'x'.repeat(4001) })).statusCode).toBe(400);
    expect((await send('POST', `/api/keynote-speakers/${id}/move`, editor, { direction: 'sideways' })).json()).toEqual({
      message: 'Direction must be up or down',
    });
    expect((await send('POST', `/api/keynote-speakers/${id}/move`, editor, {})).statusCode).toBe(400);
    expect((await send('PATCH', '/api/keynote-speakers/not-an-id', editor, { name: 'X' })).json()).toEqual({
      message: 'Invalid ID format',
    });
    expect((await send('PATCH', '/api/keynote-speakers/0123456789abcdef01234567', editor, { name: 'X' })).statusCode).toBe(404);
    expect((await send('POST', '/api/keynote-speakers/0123456789abcdef01234567/move', editor, { direction: 'up' })).statusCode).toBe(404);
    // Others may not change them.
    expect((await send('PATCH', `/api/keynote-speakers/${id}`, author, { name: 'X' })).statusCode).toBe(403);
    expect((await send('PATCH', `/api/keynote-speakers/${id}`, null, { name: 'X' })).statusCode).toBe(401);
    expect((await send('POST', `/api/keynote-speakers/${id}/move`, author, { direction: 'up' })).statusCode).toBe(403);
  });

  test('a new photo is checked as when adding: a non-image, or over 2 MB, is refused and the old photo stays', async () => {
    const id = SHIPPED[2]!;
    const ok = await injectMultipart(
      t.app,
      'PATCH',
      `/api/keynote-speakers/${id}`,
      [
        ['biography', 'With a photo'],
        ['photo', png, 'p.png'],
      ],
      editor.auth,
    );
    expect(ok.statusCode).toBe(200);
    const photo = ok.json().speaker.photo as string;
    expect(photo).toMatch(/^\/api\/photos\//);
    expect(ok.json().speaker).toMatchObject({ designation: shippedContent[2]!.title, biography: 'With a photo' });
    expect((await t.app.inject({ url: photo })).statusCode).toBe(200);

    const notImage = await injectMultipart(
      t.app,
      'PATCH',
      `/api/keynote-speakers/${id}`,
      [['photo', Buffer.from('%PDF-1.4 not an image'), 'p.png']],
      editor.auth,
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toEqual({ message: 'The picture must be a JPEG, PNG or WebP image' });
    const tooBig = await injectMultipart(
      t.app,
      'PATCH',
      `/api/keynote-speakers/${id}`,
      [['photo', Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), 'big.png']],
      editor.auth,
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: 'The picture is too large (at most 2 MB)' });
    const badField = await injectMultipart(
      t.app,
      'PATCH',
      `/api/keynote-speakers/${id}`,
      [
        ['name', ''],
        ['photo', png, 'p.png'],
      ],
      editor.auth,
    );
    expect(badField.json()).toEqual({ message: 'Name is required' });
    expect((await all()).find((s) => s._id === id)!.photo).toBe(photo);

    // A replaced photo is discarded.
    const again = await injectMultipart(
      t.app,
      'PATCH',
      `/api/keynote-speakers/${id}`,
      [['photo', Buffer.concat([png, Buffer.alloc(8, 1)]), 'q.png']],
      editor.auth,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().speaker.photo).not.toBe(photo);
    expect((await t.app.inject({ url: photo })).statusCode).toBe(404);
  });
});

describe('news items', () => {
  test('an editor edits, reorders and removes news items; each change audited; bad input is a 4xx', async () => {
    const ids: string[] = [];
    for (const name of ['First', 'Second', 'Third']) ids.push((await send('POST', '/api/news', editor, { name })).json().item._id);
    expect((await news()).map((n) => n.name)).toEqual(['First', 'Second', 'Third']);

    const edit = await send('PATCH', `/api/news/${ids[1]}`, editor, { description: 'Now with a description' });
    expect(edit.json()).toEqual({
      message: 'News item saved',
      item: { _id: ids[1], name: 'Second', description: 'Now with a description' },
    });
    expect((await send('PATCH', `/api/news/${ids[1]}`, editor, { name: '' })).json()).toEqual({ message: 'Name is required' });
    expect((await send('PATCH', `/api/news/${ids[1]}`, editor, { description: 'x'.repeat(2001) })).json()).toEqual({
      message: 'Description is too long (at most 2000 characters)',
    });
    expect((await send('PATCH', '/api/news/0123456789abcdef01234567', editor, { name: 'X' })).statusCode).toBe(404);
    expect((await send('PATCH', `/api/news/${ids[1]}`, author, { name: 'X' })).statusCode).toBe(403);

    expect((await send('POST', `/api/news/${ids[2]}/move`, editor, { direction: 'up' })).json()).toEqual({ message: 'News item moved' });
    expect((await news()).map((n) => n.name)).toEqual(['First', 'Third', 'Second']);
    expect((await send('POST', `/api/news/${ids[0]}/move`, editor, { direction: 'down' })).statusCode).toBe(200);
    expect((await news()).map((n) => n.name)).toEqual(['Third', 'First', 'Second']);
    expect((await send('POST', `/api/news/${ids[0]}/move`, editor, { direction: 'left' })).statusCode).toBe(400);
    expect((await send('POST', '/api/news/0123456789abcdef01234567/move', editor, { direction: 'up' })).statusCode).toBe(404);

    expect((await send('DELETE', `/api/news/${ids[0]}`, editor)).statusCode).toBe(200);
    expect((await news()).map((n) => n.name)).toEqual(['Third', 'Second']);
    const logged = await t.app.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ['news.edit', 'news.move', 'news.remove']));
    expect(logged.map((a) => a.action).sort()).toEqual(['news.edit', 'news.move', 'news.move', 'news.remove']);
  });
});
