import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { findPersonConflicts, institutionOf, mailboxOf, PUBLIC_MAIL_DOMAINS } from './person-conflicts';

describe('findPersonConflicts', () => {
  test('the same address as the author is the same person, on a public domain too, in any case', () => {
    expect(findPersonConflicts('Ravi.K@Gmail.com', { author: 'ravi.k@gmail.com', coAuthors: [] })).toEqual([
      { reason: 'same-person', with: 'author', email: 'ravi.k@gmail.com', explanation: "ravi.k@gmail.com is the author's address" },
    ]);
  });

  test("a co-author's address is the same person too; a co-author's institution domain is a conflict", () => {
    expect(findPersonConflicts('lee@uni.ac.th', { author: 'owner@other.edu', coAuthors: ['LEE@uni.ac.th', 'chan@uni.ac.th'] })).toEqual([
      { reason: 'same-person', with: 'co-author', email: 'lee@uni.ac.th', explanation: "lee@uni.ac.th is the co-author's address" },
      { reason: 'same-domain', with: 'co-author', email: 'chan@uni.ac.th', explanation: 'both addresses are at uni.ac.th' },
    ]);
  });

  test('two people at a public mail provider are not conflicted; two at one university are', () => {
    expect(findPersonConflicts('a@gmail.com', { author: 'b@gmail.com', coAuthors: ['c@yahoo.com'] })).toEqual([]);
    expect(findPersonConflicts('a@mit.edu', { author: 'b@mit.edu', coAuthors: [] })).toEqual([
      { reason: 'same-domain', with: 'author', email: 'b@mit.edu', explanation: 'both addresses are at mit.edu' },
    ]);
  });

  test('a Gmail alias (dots, +tag, googlemail.com) is the same person, and the chair is told why', () => {
    expect(findPersonConflicts('daved+rev@gmail.com', { author: 'dave.d@gmail.com', coAuthors: [] })).toEqual([
      {
        reason: 'same-person',
        with: 'author',
        email: 'dave.d@gmail.com',
        explanation: 'daved+rev@gmail.com and dave.d@gmail.com are the same Gmail address (dots and +tags are ignored)',
      },
    ]);
    expect(findPersonConflicts('D.A.V.E.D@GoogleMail.com', { author: 'x@lab.example', coAuthors: ['dave.d@gmail.com'] })).toEqual([
      {
        reason: 'same-person',
        with: 'co-author',
        email: 'dave.d@gmail.com',
        explanation:
          'd.a.v.e.d@googlemail.com and dave.d@gmail.com are the same Gmail address (dots and +tags are ignored; googlemail.com is gmail.com)',
      },
    ]);
  });

  test('a subdomain is the same institution as its registrable domain (Public Suffix List)', () => {
    expect(findPersonConflicts('alice@cs.uni-a.edu', { author: 'alice@uni-a.edu', coAuthors: [] })).toEqual([
      {
        reason: 'same-domain',
        with: 'author',
        email: 'alice@uni-a.edu',
        explanation: 'cs.uni-a.edu and uni-a.edu are one institution (uni-a.edu)',
      },
    ]);
    expect(findPersonConflicts('ana@cs.uni.example', { author: 'bo@uni.example', coAuthors: [] })[0]?.explanation).toBe(
      'cs.uni.example and uni.example are one institution (uni.example)',
    );
    expect(findPersonConflicts('r@iitd.ac.in', { author: 'a@cse.iitd.ac.in', coAuthors: [] })).toHaveLength(1);
    // Two universities under one public suffix (ac.in, ac.uk, edu.au) are two institutions.
    expect(findPersonConflicts('r@iitd.ac.in', { author: 'a@iitb.ac.in', coAuthors: ['b@cam.ac.uk'] })).toEqual([]);
    expect(findPersonConflicts('r@cs.anu.edu.au', { author: 'a@unsw.edu.au', coAuthors: [] })).toEqual([]);
    // Public mail providers stay public under a subdomain or a country domain.
    expect(findPersonConflicts('r@mail.yahoo.co.in', { author: 'a@yahoo.co.in', coAuthors: [] })).toEqual([]);
  });

  test('+tags count at providers that deliver them to the same mailbox; elsewhere the address is taken as written', () => {
    expect(findPersonConflicts('Jo.Ann+conf@outlook.com', { author: 'jo.ann@outlook.com', coAuthors: [] })[0]?.explanation).toBe(
      'jo.ann+conf@outlook.com and jo.ann@outlook.com are the same Outlook.com address (+tags are ignored)',
    );
    // At Outlook.com dots do count: another person.
    expect(findPersonConflicts('joann@outlook.com', { author: 'jo.ann@outlook.com', coAuthors: [] })).toEqual([]);
    // Yahoo's '-' addresses hang off a separately chosen base name, so they cannot be traced back to the account.
    expect(findPersonConflicts('jo-conf@yahoo.com', { author: 'jo@yahoo.com', coAuthors: [] })).toEqual([]);
  });
});

describe('mailboxOf and institutionOf', () => {
  test('one address per mailbox', () => {
    expect(mailboxOf(' Dave.D+Rev@GoogleMail.com ')).toBe('daved@gmail.com');
    expect(mailboxOf('a.b+x@hotmail.com')).toBe('a.b@hotmail.com');
    expect(mailboxOf('kim+lists@me.com')).toBe('kim@icloud.com');
    expect(mailboxOf('kim@mac.com')).toBe('kim@icloud.com');
    expect(mailboxOf('pat+x@proton.me')).toBe('pat@proton.me');
    expect(mailboxOf('al+b@uni.edu')).toBe('al+b@uni.edu');
    expect(mailboxOf('a-b@yahoo.com')).toBe('a-b@yahoo.com');
  });

  test('the registrable domain, or null at a public mail provider', () => {
    expect(institutionOf('x@cse.iitd.ac.in')).toBe('iitd.ac.in');
    expect(institutionOf('x@CS.Uni.Example')).toBe('uni.example');
    expect(institutionOf('x@gmail.com')).toBeNull();
    expect(institutionOf('x@mail.gmx.com')).toBeNull();
    // A host that is a public suffix itself is only itself.
    expect(institutionOf('x@ac.in')).toBe('ac.in');
  });
});

const local = fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/);
const tag = fc.stringMatching(/^[a-z0-9]{1,6}$/);
/** A local part with dots put in at random places (never two in a row, never at an end). */
const dotted = (name: string) =>
  fc
    .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
    .map((dots) => [...name].map((ch, i) => (i > 0 && dots[i] ? `.${ch}` : ch)).join(''));
/** Upper-cases the characters a random mask picks. */
const caseMask = fc.array(fc.boolean(), { maxLength: 40 });
const withCase = (s: string, mask: boolean[]) => [...s].map((ch, i) => (mask[i] ? ch.toUpperCase() : ch)).join('');

describe('properties', () => {
  test('a normalised alias of an author or co-author is always conflicted as the same person', () => {
    const gmailAlias = local.chain((name) =>
      fc.record({
        author: dotted(name),
        alias: dotted(name),
        tag: fc.option(tag, { nil: undefined }),
        mask: caseMask,
        aliasDomain: fc.constantFrom('gmail.com', 'googlemail.com'),
        authorDomain: fc.constantFrom('gmail.com', 'googlemail.com'),
      }),
    );
    const others = fc.array(
      fc.tuple(local, fc.stringMatching(/^[a-z]{2,8}\.(edu|org|ac\.uk)$/)).map(([l, d]) => `${l}@${d}`),
      { maxLength: 3 },
    );
    fc.assert(
      fc.property(gmailAlias, others, fc.nat(3), (g, rest, at) => {
        const authorEmail = `${g.author}@${g.authorDomain}`;
        const list = [...rest];
        list.splice(at % (list.length + 1), 0, authorEmail);
        const [author, ...coAuthors] = list;
        const reviewer = withCase(`${g.alias}${g.tag ? `+${g.tag}` : ''}@${g.aliasDomain}`, g.mask);
        expect(
          findPersonConflicts(reviewer, { author: author!, coAuthors }).some((c) => c.reason === 'same-person' && c.email === authorEmail),
        ).toBe(true);
      }),
    );
    fc.assert(
      fc.property(
        local,
        tag,
        fc.constantFrom('outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'icloud.com', 'me.com', 'proton.me'),
        caseMask,
        (name, t, domain, mask) => {
          expect(
            findPersonConflicts(withCase(`${name}+${t}@${domain}`, mask), { author: `${name}@${domain}`, coAuthors: [] }).map(
              (c) => c.reason,
            ),
          ).toEqual(['same-person']);
        },
      ),
    );
  });

  test('a subdomain of an institution is always conflicted with it, in either direction', () => {
    const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}[a-z0-9]$/);
    const institution = fc
      .tuple(label, fc.constantFrom('edu', 'ac.in', 'ac.uk', 'edu.au', 'de', 'example', 'co.jp'))
      .map(([name, suffix]) => `${name}.${suffix}`)
      .filter((d) => institutionOf(`x@${d}`) === d && institutionOf(`x@probe.${d}`) === d);
    fc.assert(
      fc.property(institution, fc.array(label, { minLength: 1, maxLength: 3 }), local, local, fc.boolean(), (inst, subs, a, b, flip) => {
        const sub = `${subs.join('.')}.${inst}`;
        const [reviewer, author] = flip ? [`${a}@${inst}`, `${b}@${sub}`] : [`${a}@${sub}`, `${b}@${inst}`];
        const found = findPersonConflicts(reviewer, { author, coAuthors: [] });
        expect(found).toHaveLength(1);
        expect(found[0]!.reason).toBe('same-domain');
        expect(found[0]!.explanation).toContain(`one institution (${inst})`);
      }),
    );
  });

  test('distinct Gmail users are never conflicted, whatever dots, tags and case they write', () => {
    const pair = fc
      .tuple(local, local)
      .filter(([a, b]) => a !== b)
      .chain(([a, b]) => fc.tuple(dotted(a), dotted(b), tag, tag, fc.constantFrom('gmail.com', 'googlemail.com'), caseMask));
    fc.assert(
      fc.property(pair, ([a, b, ta, tb, domain, mask]) => {
        expect(
          findPersonConflicts(withCase(`${a}+${ta}@${domain}`, mask), {
            author: `${b}+${tb}@gmail.com`,
            coAuthors: [`${b}@googlemail.com`],
          }),
        ).toEqual([]);
      }),
    );
  });

  test('unrelated institutions are never conflicted; every public mail domain is public', () => {
    fc.assert(
      fc.property(local, local, (a, b) => {
        expect(findPersonConflicts(`${a}@one.edu`, { author: `${b}@two.edu`, coAuthors: [`${b}x@three.org`] })).toEqual([]);
      }),
    );
    for (const d of PUBLIC_MAIL_DOMAINS) expect(institutionOf(`x@${d}`), d).toBeNull();
  });
});
