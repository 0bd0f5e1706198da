import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TAGS } from '../../src/core/tags';
import { DEFAULT_TRACKS } from '../../src/core/tracks';
import { mailQueue } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { postPaper } from '../support/multipart';
import { signupAs, uniqueAddress, verifyEmail, type SignedUp } from '../support/users';

/**
 * Decision 0023: tracks are data the editor shapes, a paper belongs to one, and a track chair acts on the
 * papers of their tracks only, once their address is verified, never on a paper they are conflicted with.
 */
let t: TestApp;
let editor: SignedUp;
let author: SignedUp;

const db = () => t.app.database.db;
const mailsTo = (to: string, template: string) =>
  db()
    .select()
    .from(mailQueue)
    .where(and(eq(mailQueue.to, to), eq(mailQueue.template, template)))
    .orderBy(asc(mailQueue.createdAt));

async function nameChairs(trackId: string, emails: string[]) {
  const res = await t.app.inject({ method: 'PUT', url: `/api/editor/tracks/${trackId}/chairs`, headers: editor.auth, payload: { emails } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author');
});
afterAll(async () => {
  await t?.close();
});

describe('tracks as data', () => {
  test("a new install has the call for papers' four tracks; the computing one's topics are the 50 tags", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tracks' });
    expect(res.statusCode).toBe(200);
    const tracks = res.json() as Array<{ id: string; name: string; topics: string[]; open: boolean }>;
    expect(tracks.slice(0, 4).map((x) => x.name)).toEqual(DEFAULT_TRACKS.map((x) => x.name));
    expect(tracks.find((x) => x.id === 'track-2')!.topics).toEqual([...TAGS]);
    expect(tracks.find((x) => x.id === 'track-1')!.topics).toContain('Materials for batteries and supercapacitors');
    expect(tracks.every((x) => x.open)).toBe(true);
  });

  test('a paper names its track and topics of that track; without a track it goes to the default', async () => {
    const battery = await postPaper(t.app, author.auth, {
      title: 'Sodium batteries',
      track: 'track-1',
      keywords: ['Materials for batteries and supercapacitors'],
      freeKeywords: ['sodium-ion'],
    });
    expect(battery.statusCode, battery.body).toBe(201);
    expect(battery.json().paper.track).toEqual({ id: 'track-1', name: 'Science and Materials' });
    expect(battery.json().paper.freeKeywords).toEqual(['sodium-ion']);
    // The original new-paper call, without a track: the default (computing), the 50 tags valid.
    const plain = await postPaper(t.app, author.auth, { title: 'Plain call', keywords: ['AI'] });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().paper.track.id).toBe('track-2');
    // A topic of another track, an unknown track: 400 with the reason; nothing kept.
    const wrongTopic = await postPaper(t.app, author.auth, { track: 'track-4', keywords: ['Materials for batteries and supercapacitors'] });
    expect([wrongTopic.statusCode, wrongTopic.json().message]).toEqual([400, 'Unknown tag: choose tags from the list']);
    const unknown = await postPaper(t.app, author.auth, { track: 'no-such-track', keywords: ['AI'] });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'Track not found']);
    // The editor finds the paper by a free keyword.
    const found = await t.app.inject({ method: 'GET', url: '/api/editor/papers?q=sodium', headers: editor.auth });
    expect(found.json().map((p: { title: string }) => p.title)).toEqual(['Sodium batteries']);
  });

  test('the editor adds, edits, closes and moves tracks; a closed track takes no paper; the default stays open', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/editor/tracks',
      headers: editor.auth,
      payload: { name: 'Health Sciences', topics: ['Public health', 'Nursing'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(created.json().position).toBe(5);
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/editor/tracks',
      headers: editor.auth,
      payload: { name: 'health sciences', topics: ['X'] },
    });
    expect(dup.statusCode).toBe(409);
    const noTopics = await t.app.inject({
      method: 'POST',
      url: '/api/editor/tracks',
      headers: editor.auth,
      payload: { name: 'Empty', topics: [] },
    });
    expect([noTopics.statusCode, noTopics.json().message]).toEqual([400, 'Give the track at least one topic']);

    const ok = await postPaper(t.app, author.auth, { title: 'Nursing shifts', track: id, keywords: ['nursing'] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().paper.keywords).toEqual(['Nursing']);

    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/editor/tracks/${id}`,
      headers: editor.auth,
      payload: { position: 1, open: false },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const order = (await t.app.inject({ method: 'GET', url: '/api/tracks' })).json().map((x: { id: string }) => x.id);
    expect(order).toEqual([id, 'track-1', 'track-2', 'track-3', 'track-4']);
    const closed = await postPaper(t.app, author.auth, { track: id, keywords: ['Nursing'] });
    expect([closed.statusCode, closed.json().message]).toEqual([400, 'This track is closed for submissions: choose another track.']);

    const closeDefault = await t.app.inject({
      method: 'PATCH',
      url: '/api/editor/tracks/track-2',
      headers: editor.auth,
      payload: { open: false },
    });
    expect(closeDefault.statusCode).toBe(409);
    const makeDefault = await t.app.inject({
      method: 'PATCH',
      url: '/api/editor/tracks/track-3',
      headers: editor.auth,
      payload: { isDefault: true },
    });
    expect(makeDefault.statusCode).toBe(200);
    const plain = await postPaper(t.app, author.auth, { title: 'Now electrical by default', keywords: ['AI'] });
    expect(plain.json().paper.track.id).toBe('track-3');
    await t.app.inject({ method: 'PATCH', url: '/api/editor/tracks/track-2', headers: editor.auth, payload: { isDefault: true } });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/editor/tracks', headers: editor.auth })).json();
    expect(listed.find((x: { id: string }) => x.id === 'track-2').isDefault).toBe(true);
    expect(listed.find((x: { id: string }) => x.id === id).papers).toBe(1);
    const missing = await t.app.inject({ method: 'PATCH', url: '/api/editor/tracks/nope', headers: editor.auth, payload: { open: true } });
    expect(missing.statusCode).toBe(404);
  });

  test('a reviewer picks topics from every track, spelled as the lists spell them', async () => {
    const r = await signupAs(t.app, 'Reviewer', { tags: ['ai', 'Power electronics and drives'] });
    expect(r.user.tags).toEqual(['AI', 'Power electronics and drives']);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: {
        email: uniqueAddress('r'),
        password: 'correct horse battery',
        confirmPassword: 'correct horse battery',
        role: 'Reviewer',
        tags: ['Astrology'],
      },
    });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Unknown tag: choose tags from the list']);
  });
});

describe('track chairs', () => {
  let chair: SignedUp;
  let materialsPaper: string;
  let managementPaper: string;
  let conflictedPaper: string;
  let reviewer: SignedUp;

  beforeAll(async () => {
    const chairEmail = uniqueAddress('chair');
    // Only a named address may sign up as a (chair-only) Editor once an editor exists.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { email: chairEmail, password: 'correct horse battery', confirmPassword: 'correct horse battery', role: 'Editor' },
    });
    expect(early.statusCode).toBe(403);
    const saved = await nameChairs('track-1', [chairEmail]);
    expect(saved.emails).toEqual([chairEmail.toLowerCase()]);
    const mails = await mailsTo(chairEmail.toLowerCase(), 'trackChairNamed');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Science and Materials');
    chair = await signupAs(t.app, 'Editor', { email: chairEmail });
    expect(chair.user.chairOnly).toBe(true);
    reviewer = await signupAs(t.app, 'Reviewer', { tags: ['Composite materials', 'Strategic management'] });
    await signupAs(t.app, 'Reviewer', { tags: ['Composite materials', 'Strategic management'] });
    materialsPaper = (
      await postPaper(t.app, author.auth, { title: 'Composites', track: 'track-1', keywords: ['Composite materials'] })
    ).json().paper._id;
    managementPaper = (
      await postPaper(t.app, author.auth, { title: 'Strategy', track: 'track-4', keywords: ['Strategic management'] })
    ).json().paper._id;
    // A paper in the chair's track by someone at the chair's own institution.
    const colleague = await signupAs(t.app, 'Author', { email: `colleague@${chairEmail.split('@')[1]}` });
    conflictedPaper = (
      await postPaper(t.app, colleague.auth, { title: "From the chair's lab", track: 'track-1', keywords: ['Composite materials'] })
    ).json().paper._id;
  });

  test('until the address is verified a chair acts on nothing', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/editor/papers', headers: chair.auth });
    expect([list.statusCode, list.json()]).toEqual([200, []]);
    const one = await t.app.inject({ method: 'GET', url: `/api/editor/papers/${materialsPaper}`, headers: chair.auth });
    expect(one.statusCode).toBe(403);
    await verifyEmail(t.app, chair);
  });

  test('a verified chair sees and acts on their track only', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/editor/papers', headers: chair.auth })).json() as Array<{
      _id: string;
      track: { id: string };
      chairConflicted?: true;
    }>;
    expect(list.map((p) => p._id)).toEqual(expect.arrayContaining([materialsPaper, conflictedPaper]));
    expect(list.map((p) => p._id)).not.toContain(managementPaper);
    expect(list.every((p) => p.track.id === 'track-1')).toBe(true);
    expect(list.find((p) => p._id === conflictedPaper)!.chairConflicted).toBe(true);
    expect(list.find((p) => p._id === materialsPaper)!.chairConflicted).toBeUndefined();

    const other = await t.app.inject({ method: 'GET', url: `/api/editor/papers/${managementPaper}`, headers: chair.auth });
    expect([other.statusCode, other.json().message]).toEqual([404, 'Paper not found']);
    const sendOther = await t.app.inject({
      method: 'POST',
      url: '/api/editor/send-paper',
      headers: chair.auth,
      payload: { paperId: managementPaper, reviewerId: reviewer.user._id },
    });
    expect(sendOther.statusCode).toBe(404);
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/editor/send-paper',
      headers: chair.auth,
      payload: { paperId: materialsPaper, reviewerId: reviewer.user._id },
    });
    expect(send.statusCode, send.body).toBe(200);
    const decide = await t.app.inject({
      method: 'PUT',
      url: `/api/editor/papers/${materialsPaper}/decision`,
      headers: chair.auth,
      payload: { decision: 'Accepted' },
    });
    expect(decide.statusCode).toBe(200);
    const decideOther = await t.app.inject({
      method: 'PUT',
      url: `/api/editor/papers/${managementPaper}/decision`,
      headers: chair.auth,
      payload: { decision: 'Accepted' },
    });
    expect(decideOther.statusCode).toBe(404);
    // Automatic assignment and notification stay within the chair's papers.
    const auto = await t.app.inject({ method: 'POST', url: '/api/editor/auto-assign', headers: chair.auth, payload: {} });
    expect(auto.statusCode, auto.body).toBe(200);
    const proposed = auto.json().assignments as Array<{ paperId: string }>;
    expect(proposed.length).toBeGreaterThan(0);
    // Its track's papers, less the one it is conflicted with; never the management paper.
    expect(new Set(proposed.map((a) => a.paperId))).not.toContain(managementPaper);
    expect(new Set(proposed.map((a) => a.paperId))).not.toContain(conflictedPaper);
    const notify = await t.app.inject({ method: 'POST', url: '/api/editor/notify', headers: chair.auth, payload: { dryRun: true } });
    expect(notify.statusCode).toBe(200);
    expect(notify.json().preview.every((m: { text: string }) => m.text.includes('Composites'))).toBe(true);
    const notifyOther = await t.app.inject({
      method: 'POST',
      url: '/api/editor/notify',
      headers: chair.auth,
      payload: { paperIds: [managementPaper], dryRun: true },
    });
    expect(notifyOther.statusCode).toBe(404);
  });

  test('a conflicted chair sees the paper, not its reviewers or reviews, and cannot act on it', async () => {
    const one = await t.app.inject({ method: 'GET', url: `/api/editor/papers/${conflictedPaper}`, headers: chair.auth });
    expect(one.statusCode).toBe(200);
    expect(one.json().chairConflicted).toBe(true);
    expect(one.json().reviewSummary).toBeUndefined();
    const refusals = await Promise.all([
      t.app.inject({ method: 'GET', url: `/api/editor/papers/${conflictedPaper}/reviews`, headers: chair.auth }),
      t.app.inject({ method: 'GET', url: `/api/reviewer/status/${conflictedPaper}`, headers: chair.auth }),
      t.app.inject({ method: 'GET', url: `/api/editor/suggested-reviewers?paperId=${conflictedPaper}`, headers: chair.auth }),
      t.app.inject({
        method: 'POST',
        url: '/api/editor/send-paper',
        headers: chair.auth,
        payload: { paperId: conflictedPaper, reviewerId: reviewer.user._id },
      }),
      t.app.inject({
        method: 'PUT',
        url: `/api/editor/papers/${conflictedPaper}/decision`,
        headers: chair.auth,
        payload: { decision: 'Rejected' },
      }),
      t.app.inject({ method: 'POST', url: '/api/editor/auto-assign', headers: chair.auth, payload: { paperIds: [conflictedPaper] } }),
    ]);
    for (const res of refusals) {
      expect([res.statusCode, res.json().message]).toEqual([
        403,
        'You have a conflict of interest with this paper: another chair or the editor handles it.',
      ]);
    }
    // The editor acts on it.
    const editorSend = await t.app.inject({
      method: 'POST',
      url: '/api/editor/send-paper',
      headers: editor.auth,
      payload: { paperId: conflictedPaper, reviewerId: reviewer.user._id },
    });
    expect(editorSend.statusCode).toBe(200);
  });

  test("a chair's exports hold their track's papers, less the conflicted one; the audit export is the editor's", async () => {
    const csv = await t.app.inject({ method: 'GET', url: '/api/editor/exports/papers.csv', headers: chair.auth });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toContain('track');
    expect(rows.some((r) => r.includes(materialsPaper))).toBe(true);
    expect(rows.some((r) => r.includes(managementPaper) || r.includes(conflictedPaper))).toBe(false);
    expect(rows.every((r) => r.includes('"Science and Materials"'))).toBe(true);
    const all = await t.app.inject({ method: 'GET', url: '/api/editor/exports/papers.csv', headers: editor.auth });
    expect(all.body).toContain(managementPaper);
    const audit = await t.app.inject({ method: 'GET', url: '/api/editor/exports/audit.csv', headers: chair.auth });
    expect(audit.statusCode).toBe(403);
  });

  test("the editor's own desk stays the editor's", async () => {
    for (const [method, url] of [
      ['GET', '/api/editor/settings'],
      ['GET', '/api/editor/tracks'],
      ['GET', '/api/editor/audit'],
      ['GET', '/api/editor/payments'],
      ['GET', '/api/editor/stats'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: chair.auth });
      expect([res.statusCode, res.json().message], url).toEqual([
        403,
        'Track chairs may not do this: it is for the conference editor. You act on the papers of your tracks.',
      ]);
    }
  });

  test('removing a chair ends their scope at once', async () => {
    await nameChairs('track-1', []);
    const list = await t.app.inject({ method: 'GET', url: '/api/editor/papers', headers: chair.auth });
    expect(list.json()).toEqual([]);
    const one = await t.app.inject({ method: 'GET', url: `/api/editor/papers/${materialsPaper}`, headers: chair.auth });
    expect(one.statusCode).toBe(404);
  });
});
