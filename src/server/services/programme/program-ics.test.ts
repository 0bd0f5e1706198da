import ICAL from 'ical.js';
import { expect, test } from 'vitest';
import { ICS_LINE_OCTETS, unfoldIcs } from '../../../core/ics-fold';
import type { PublishedSession } from '../../../core/program';
import { writeProgramIcs } from './program-ics';

const TITLES = [
  'หัวข้อการประชุมภาษาไทยเรื่องการจัดการนวัตกรรม',
  '机器学习在智能制造中的应用研究与实践',
  'Nguyễn Thị Hằng: Quản lý đổi mới sáng tạo',
  'प्रिया शर्मा: नवाचार प्रबंधन 😀',
];
const sessions: PublishedSession[] = TITLES.map((title, i) => ({
  _id: `s${i}`,
  title,
  kind: 'papers',
  track: TITLES[(i + 1) % TITLES.length]!,
  room: 'ห้องประชุม 1',
  link: '',
  start: '2026-12-27T02:00:00.000Z',
  end: '2026-12-27T03:00:00.000Z',
  chair: '王芳',
  papers: TITLES.map((t, j) => ({
    _id: `p${i}${j}`,
    title: t,
    presenter: ['王芳', 'Nguyễn Thị Hằng', 'प्रिया शर्मा', 'Ольга'][j]!,
    presenterEmail: 'x@example.org',
  })),
}));

test('program.ics in Thai, Chinese, Vietnamese and Devanagari: every line within 75 octets, read back whole (RFC 5545 §3.1)', () => {
  const text = writeProgramIcs({
    sessions,
    publishedAt: '2026-11-01T00:00:00Z',
    publicUrl: 'https://imse.example',
    calendarName: 'IMSE 2026',
  });
  const bytes = new TextEncoder().encode(text);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== 0x0d || bytes[i + 1] !== 0x0a) continue;
    expect(i - start).toBeLessThanOrEqual(ICS_LINE_OCTETS);
    expect(() => decoder.decode(bytes.subarray(start, i))).not.toThrow();
    start = i + 2;
  }
  expect(start).toBe(bytes.length);
  expect(unfoldIcs(text)).toContain(`SUMMARY:${TITLES[0]}`);
  const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  expect(events.map((e) => e.summary)).toEqual(TITLES);
  expect(events[3]!.description).toContain('4. प्रिया शर्मा: नवाचार प्रबंधन 😀 (presented by Ольга)');
});
