import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONFERENCE_FACTS_DEFAULTS, type ConferenceFacts } from '../../src/core/conference-facts';
import { auditLog, settings } from '../../src/server/db/schema';
import { ConferenceFactsStore } from '../../src/server/services/shared/conference-facts';
import { startTestApp, type TestApp } from '../support/app';
import { multipart } from '../support/multipart';
import { signaturePng } from '../support/png';
import { signupAs, type SignedUp } from '../support/users';

/** Decision 0051: the editor edits the conference's facts; the public answer and this instance's store follow at once. */
let t: TestApp;
let editor: SignedUp;
let author: SignedUp;
let reviewer: SignedUp;

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author');
  reviewer = await signupAs(t.app, 'Reviewer');
});
afterAll(async () => {
  await t?.close();
});

const getPublic = () => t.app.inject({ method: 'GET', url: '/api/conference' });
const getEditor = (who: SignedUp = editor) => t.app.inject({ method: 'GET', url: '/api/editor/conference', headers: who.auth });
const put = (body: unknown, who: SignedUp = editor) =>
  t.app.inject({ method: 'PUT', url: '/api/editor/conference', headers: who.auth, payload: body as Record<string, unknown> });
const settingsRow = async () => (await t.app.database.db.select().from(settings).where(eq(settings.id, 1)))[0];
const uploadLogo = async (bytes: Buffer, name = 'logo.png', who: SignedUp = editor) => {
  const { payload, contentType } = await multipart([['logo', bytes, name]]);
  return t.app.inject({
    method: 'PUT',
    url: '/api/editor/conference/logo',
    payload,
    headers: { ...who.auth, 'content-type': contentType },
  });
};

const NEW_FACTS: ConferenceFacts = {
  edition: '6th',
  name: 'World Conference on Innovations in Management, Science and Engineering',
  shortName: 'IMSE 2026',
  startDate: '2026-12-27',
  endDate: '2026-12-28',
  datesText: 'December 27-28 2026',
  submissionsDatesText: 'December 27-28, 2026',
  timeZone: 'Asia/Kolkata',
  venue: { resort: 'Lakeside Hall, Pune', city: 'Pune', country: 'India', countryCode: 'IN', address: '1 Lake Road, Pune 411001, India' },
  contactEmail: 'imse2026@example.org',
  contactPhone: '+91 20 0000 0000',
  importantDates: [
    { label: 'Final paper submission', date: '2026-10-31' },
    { label: 'Registration', date: '2026-11-30' },
  ],
};

describe('before any save', () => {
  test('the public facts are the default texts, to the letter', async () => {
    const res = await getPublic();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = res.json();
    expect(body.title).toBe('5th World Conference on Innovations in Management, Science and Engineering');
    expect(body.datesText).toBe('December 28-27 2023');
    expect(body.zoneLabel).toBe('Bangkok time, UTC+7');
    expect(body.hasLogo).toBe(false);
    expect(body).toMatchObject(CONFERENCE_FACTS_DEFAULTS);
  });

  test("the editor reads the defaults, the organiser's defaults and no version yet", async () => {
    const res = await getEditor();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      facts: CONFERENCE_FACTS_DEFAULTS,
      // The deadlines an important date can follow, for the form's hints (decision 0065): none set yet.
      deadlines: { submission: null, bidding: null, review: null, discussion: null, cameraReady: null },
      organiserName: 'Organising Secretary',
      organiserTitle: 'Organising Committee',
      hasSignature: false,
      hasLogo: false,
      updatedAt: null,
    });
  });
});

describe('saving the facts', () => {
  test('only an editor may read or save them', async () => {
    for (const who of [author, reviewer]) {
      expect((await getEditor(who)).statusCode).toBe(403);
      expect((await put(NEW_FACTS, who)).statusCode).toBe(403);
    }
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/editor/conference', payload: NEW_FACTS as unknown as Record<string, unknown> }))
        .statusCode,
    ).toBe(401);
    expect((await getPublic()).json().title).toBe('5th World Conference on Innovations in Management, Science and Engineering');
  });

  test('a save changes GET /api/conference at once, the organiser too, and is audited', async () => {
    const res = await put({ ...NEW_FACTS, organiserName: 'Dr. Somchai Prasert', organiserTitle: 'Conference Chair' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved.facts).toEqual(NEW_FACTS);
    expect(saved.organiserName).toBe('Dr. Somchai Prasert');
    expect(saved.organiserTitle).toBe('Conference Chair');
    expect(saved.updatedAt).toEqual(expect.any(String));

    const pub = (await getPublic()).json();
    expect(pub.title).toBe('6th World Conference on Innovations in Management, Science and Engineering');
    expect(pub.datesText).toBe('December 27-28 2026');
    expect(pub.zoneLabel).toBe('Kolkata time, UTC+5:30');
    expect(pub.venue.city).toBe('Pune');
    expect(t.app.conference.current()).toEqual(NEW_FACTS);
    expect(t.app.mailer.conference().shortName).toBe('IMSE 2026');

    const audits = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, editor.user._id), eq(auditLog.action, 'conference.update')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ facts: { shortName: 'IMSE 2026' }, organiserName: 'Dr. Somchai Prasert' });
  });

  test('another instance on the same database reads the saved facts on its next poll', async () => {
    const other = new ConferenceFactsStore();
    expect(await other.refresh(t.app.database.db)).toBe(true);
    expect(other.current()).toEqual(NEW_FACTS);
    expect(await other.refresh(t.app.database.db)).toBe(false);
  });

  test('fields are trimmed, the country code upper-cased; without organiser fields the organiser stays', async () => {
    const res = await put({ ...NEW_FACTS, name: '  Spaced Name  ', venue: { ...NEW_FACTS.venue, countryCode: 'in' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().facts.name).toBe('Spaced Name');
    expect(res.json().facts.venue.countryCode).toBe('IN');
    expect(res.json().organiserName).toBe('Dr. Somchai Prasert');
    expect((await put(NEW_FACTS)).statusCode).toBe(200);
  });

  const BAD: Array<[string, Record<string, unknown>, string]> = [
    [
      'a time zone that does not exist',
      { ...NEW_FACTS, timeZone: 'Mars/Olympus_Mons' },
      'The time zone does not exist: use an IANA name such as Asia/Bangkok or Europe/Paris',
    ],
    [
      'the last day before the first',
      { ...NEW_FACTS, startDate: '2026-12-28', endDate: '2026-12-27' },
      'The last day must be on or after the first day',
    ],
    ['a date that does not exist', { ...NEW_FACTS, endDate: '2026-02-30' }, 'The last day is not a date that exists'],
    [
      'a bad e-mail',
      { ...NEW_FACTS, contactEmail: 'not-an-address' },
      'The contact e-mail must be an e-mail address such as info@example.org',
    ],
    [
      'a bad country code',
      { ...NEW_FACTS, venue: { ...NEW_FACTS.venue, countryCode: 'XX' } },
      'The country code must be a two-letter ISO 3166-1 code such as TH',
    ],
    ['an empty name', { ...NEW_FACTS, name: '   ' }, 'The conference name is required'],
    ['a missing fact (the whole set is sent)', Object.fromEntries(Object.entries(NEW_FACTS).filter(([k]) => k !== 'venue')), ''],
    [
      '13 important dates',
      { ...NEW_FACTS, importantDates: Array.from({ length: 13 }, (_, i) => ({ label: `Step ${i}`, date: '2026-10-01' })) },
      'At most 12 important dates',
    ],
    [
      'a bad phone',
      { ...NEW_FACTS, contactPhone: 'call us' },
      'The contact phone must be a number such as +66 38 000 000 (digits, spaces, brackets and dashes)',
    ],
  ];
  test.each(BAD)('%s: 400 with its message, and nothing saved', async (_label, body, message) => {
    const before = await settingsRow();
    // One good change beside the bad field (the organiser's name): it must not be saved either.
    const res = await put({ ...body, organiserName: 'Someone Else' });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    else expect(res.json().message).toMatch(/venue/i);
    expect(await settingsRow()).toEqual(before);
    expect(t.app.conference.current()).toEqual(NEW_FACTS);
  });
});

describe('the logo', () => {
  const png = signaturePng(120, 60);
  test('a PNG is kept, shown to the editor and bumps the version; removing it goes back to none', async () => {
    const version = (await getEditor()).json().updatedAt;
    const res = await uploadLogo(png);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Logo saved');
    const editorView = (await getEditor()).json();
    expect(editorView.hasLogo).toBe(true);
    expect(editorView.updatedAt > version).toBe(true);
    expect((await getPublic()).json().hasLogo).toBe(true);
    const got = await t.app.inject({ method: 'GET', url: '/api/editor/conference/logo', headers: editor.auth });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(got.rawPayload, png)).toBe(0);
    expect(await t.app.database.db.$count(auditLog, eq(auditLog.action, 'conference.logo'))).toBe(1);

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/editor/conference/logo', headers: editor.auth });
    expect(removed.statusCode).toBe(200);
    expect((await getPublic()).json().hasLogo).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/editor/conference/logo', headers: editor.auth })).statusCode).toBe(404);
    expect(await t.app.database.db.$count(auditLog, eq(auditLog.action, 'conference.logo-remove'))).toBe(1);
  });

  test('a text file named .png is refused with a clear message, a file over 2 MB too; the logo stays as it was', async () => {
    expect((await uploadLogo(png)).statusCode).toBe(200);
    const before = (await settingsRow())!.logoKey;
    const text = await uploadLogo(Buffer.from('This is not an image, only text.\n'), 'logo.png');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('The logo must be a PNG or JPEG image: this file is not one');
    const big = await uploadLogo(Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), 'big.png');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The logo is too large (at most 2 MB)');
    expect((await settingsRow())!.logoKey).toBe(before);
    // The same bytes again: the logo's own file is kept.
    expect((await uploadLogo(png)).statusCode).toBe(200);
    const got = await t.app.inject({ method: 'GET', url: '/api/editor/conference/logo', headers: editor.auth });
    expect(got.statusCode).toBe(200);
  });

  test('no file, or not a form: 400; a non-editor cannot upload, read or remove', async () => {
    const empty = await multipart([['other', 'x']]);
    const none = await t.app.inject({
      method: 'PUT',
      url: '/api/editor/conference/logo',
      payload: empty.payload,
      headers: { ...editor.auth, 'content-type': empty.contentType },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please choose the logo image (PNG or JPEG)');
    const json = await t.app.inject({ method: 'PUT', url: '/api/editor/conference/logo', payload: {}, headers: editor.auth });
    expect(json.statusCode).toBe(400);
    expect((await uploadLogo(png, 'logo.png', author)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/editor/conference/logo', headers: reviewer.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/editor/conference/logo', headers: author.auth })).statusCode).toBe(403);
    expect((await settingsRow())!.logoKey).not.toBeNull();
  });
});
