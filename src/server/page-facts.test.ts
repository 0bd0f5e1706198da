import { describe, expect, test } from 'vitest';
import { CONFERENCE_FACTS_DEFAULTS, factToken, type ConferenceFacts } from '../core/conference-facts';
import { FACTS_JSON_TOKEN, FACTS_SCRIPT_ID, LIST_BEGIN, LIST_END, itemToken } from '../core/fact-template';
import { escapeHtml } from '../core/html';
import { PAGE_DATA_DEFAULTS } from '../core/page-data';
import { escapeScriptJson, renderFacts } from './page-facts';

const facts = (changes: Partial<ConferenceFacts>): ConferenceFacts => ({ ...CONFERENCE_FACTS_DEFAULTS, ...changes });
const HOSTILE = `</title><script>alert(1)</script> "' onload=x & <!-- \u2028`;

describe('renderFacts', () => {
  test('fills text and attribute values with the facts, the derived ones too', () => {
    const page =
      `<title>${factToken('title')} | ${factToken('shortName')}</title><a href="tel:+${factToken('phoneDigits')}">${factToken('contactPhone')}</a>` +
      `<p>${factToken('contactEmailLocal')}@<wbr/>${factToken('contactEmailDomain')}</p>`;
    expect(renderFacts(page, CONFERENCE_FACTS_DEFAULTS)).toBe(
      '<title>5th World Conference on Innovations in Management, Science and Engineering | IMSE 2025</title>' +
        '<a href="tel:+66000000000">+66 00 000 0000</a><p>info@<wbr/>conference.example.org</p>',
    );
    const title = renderFacts(`<title>${factToken('title')}</title>`, facts({ edition: '', name: 'Conference on Things' }));
    expect(title).toBe('<title>Conference on Things</title>');
  });

  test("the site's address is the configured public URL in the canonical link, og:url and the JSON-LD", () => {
    const page =
      `<link rel="canonical" href="${factToken('siteUrl')}/program"/><meta property="og:url" content="${factToken('siteUrl')}/program"/>` +
      `<script type="application/ld+json">{"url":"${factToken('siteUrl')}/"}</script>`;
    const html = renderFacts(page, CONFERENCE_FACTS_DEFAULTS, 'https://tides.example.org/');
    expect(html).toBe(
      '<link rel="canonical" href="https://tides.example.org/program"/><meta property="og:url" content="https://tides.example.org/program"/>' +
        '<script type="application/ld+json">{"url":"https://tides.example.org/"}</script>',
    );
    // Escaped for where it stands, as every fact; without a configured address, the sample the pages always named.
    expect(renderFacts(page, CONFERENCE_FACTS_DEFAULTS, 'https://a.example/?x="1"&y=</script>')).toBe(
      '<link rel="canonical" href="https://a.example/?x=&quot;1&quot;&amp;y=&lt;/script&gt;/program"/>' +
        '<meta property="og:url" content="https://a.example/?x=&quot;1&quot;&amp;y=&lt;/script&gt;/program"/>' +
        '<script type="application/ld+json">{"url":"https://a.example/?x=\\"1\\"\\u0026y=\\u003c/script\\u003e/"}</script>',
    );
    expect(renderFacts(page, CONFERENCE_FACTS_DEFAULTS)).toContain('href="https://conference.example.org/program"');
  });

  test("an editor's markup in a fact shows as text in HTML text and attributes", () => {
    const page = `<title>${factToken('title')}</title><meta content="${factToken('name')}"/><a title='${factToken('name')}'>x</a>`;
    const html = renderFacts(page, facts({ edition: '', name: HOSTILE }));
    expect(html).toBe(
      `<title>${escapeHtml(HOSTILE)}</title><meta content="${escapeHtml(HOSTILE)}"/><a title='${escapeHtml(HOSTILE)}'>x</a>`,
    );
    expect(html).not.toContain('<script');
    expect(html.match(/"/g)).toHaveLength(2);
    expect(html.match(/'/g)).toHaveLength(2);
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  test('inside a script element a fact is JSON string content that cannot close the element', () => {
    const page = `<script type="application/ld+json">{"name":"${factToken('title')}","startDate":"${factToken('startDate')}"}</script><h1>${factToken('title')}</h1>`;
    const html = renderFacts(page, facts({ edition: '', name: HOSTILE }));
    const script = /<script[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(script).not.toMatch(/[<>]/);
    expect(JSON.parse(script)).toEqual({ name: HOSTILE, startDate: '2023-12-27' });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain(`<h1>${escapeHtml(HOSTILE)}</h1>`);
    expect(escapeScriptJson('a"b\\c</script>')).toBe('a\\"b\\\\c\\u003c/script\\u003e');
  });

  test("the facts' JSON goes into the facts script only, and reads back as the facts", () => {
    const f = facts({ name: HOSTILE, importantDates: [{ label: '</script>', date: '1 May' }] });
    const page = `<script type="application/json" id="${FACTS_SCRIPT_ID}">${FACTS_JSON_TOKEN}</script><p>${FACTS_JSON_TOKEN}</p>`;
    const html = renderFacts(page, f);
    const json = /<script[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toMatch(/[<>]/);
    expect(JSON.parse(json)).toEqual(f);
    expect(html).toContain(`<p>${FACTS_JSON_TOKEN}</p>`);
    // As the database gives them back (jsonb orders keys its own way), with a field that is no fact: the same text.
    const stored = JSON.parse(
      JSON.stringify({
        organiserName: 'X',
        ...f,
        venue: Object.fromEntries(Object.entries(f.venue).reverse()),
        importantDates: [{ date: '1 May', label: '</script>' }],
      }),
    );
    expect(renderFacts(page, stored)).toBe(html);
  });

  test('the important dates repeat their block once per date, escaped, and none leaves nothing', () => {
    const page = `<dl>${LIST_BEGIN}<div><dt>${itemToken('label')}</dt><dd>${itemToken('date')}</dd></div>${LIST_END}</dl>`;
    expect(renderFacts(page, CONFERENCE_FACTS_DEFAULTS)).toBe(
      '<dl><div><dt>Final paper submission</dt><dd>31 October 2023</dd></div>' +
        '<div><dt>Acceptance notification</dt><dd>15 November 2023</dd></div><div><dt>CRC and registration</dt><dd>30 November 2023</dd></div></dl>',
    );
    const two = renderFacts(
      page,
      facts({
        importantDates: [
          { label: 'Abstracts & <b>posters</b>', date: '1 May 2027' },
          { label: 'Papers', date: '$& $1 2027' },
        ],
      }),
    );
    expect(two).toBe(
      '<dl><div><dt>Abstracts &amp; &lt;b&gt;posters&lt;/b&gt;</dt><dd>1 May 2027</dd></div><div><dt>Papers</dt><dd>$&amp; $1 2027</dd></div></dl>',
    );
    expect(renderFacts(page, facts({ importantDates: [] }))).toBe('<dl></dl>');
  });

  test('a date that follows a deadline prints its day in the conference zone, or To be announced (decision 0065)', () => {
    const page = `<dl>${LIST_BEGIN}<dt>${itemToken('label')}</dt><dd>${itemToken('date')}</dd>${LIST_END}</dl>`;
    const f = facts({
      timeZone: 'Asia/Bangkok',
      importantDates: [
        { label: 'Submission', deadline: 'submission' },
        { label: 'Camera-ready', deadline: 'cameraReady' },
        { label: 'Own', date: '2027-01-05' },
      ],
    });
    // 20:00 UTC on 31 October is already 1 November in Bangkok.
    const data = { ...PAGE_DATA_DEFAULTS, deadlines: { submission: '2026-10-31T20:00:00.000Z', cameraReady: null } };
    expect(renderFacts(page, f, undefined, data)).toBe(
      '<dl><dt>Submission</dt><dd>1 November 2026</dd><dt>Camera-ready</dt><dd>To be announced</dd><dt>Own</dt><dd>5 January 2027</dd></dl>',
    );
  });

  test("the workshop's days and place are the organiser's, the defaults as the page always printed them", () => {
    const page = `<p>${factToken('workshopDate')} · ${factToken('workshopPlace')}</p>`;
    expect(renderFacts(page, CONFERENCE_FACTS_DEFAULTS)).toBe('<p>30 December 2022 · Sample Beach Resort, Pattaya, Thailand</p>');
    const data = {
      ...PAGE_DATA_DEFAULTS,
      workshop: { ...PAGE_DATA_DEFAULTS.workshop, details: { firstDay: '2026-12-26', lastDay: '2026-12-27', venue: 'Hall <B>' } },
    };
    expect(renderFacts(page, CONFERENCE_FACTS_DEFAULTS, undefined, data)).toBe('<p>26–27 December 2026 · Hall &lt;B&gt;</p>');
  });

  test('a token that names no fact, and text without tokens, are left as they are', () => {
    const page = `<p>${factToken('organiserName')} ⟦ ${factToken('title')}</p>`;
    expect(renderFacts(page, CONFERENCE_FACTS_DEFAULTS)).toBe(
      `<p>${factToken('organiserName')} ⟦ 5th World Conference on Innovations in Management, Science and Engineering</p>`,
    );
    expect(renderFacts('<p>$1 $& plain</p>', CONFERENCE_FACTS_DEFAULTS)).toBe('<p>$1 $& plain</p>');
    expect(renderFacts(`<p>${factToken('constructor')}${factToken('__proto__')}</p>`, CONFERENCE_FACTS_DEFAULTS)).toBe(
      `<p>${factToken('constructor')}${factToken('__proto__')}</p>`,
    );
  });

  test('a value with replacement patterns ($&, $1) is written as typed', () => {
    expect(
      renderFacts(`<p>${factToken('venueResort')}</p>`, facts({ venue: { ...CONFERENCE_FACTS_DEFAULTS.venue, resort: '$& $1 $$' } })),
    ).toBe('<p>$&amp; $1 $$</p>');
  });
});
