import { describe, expect, test } from 'vitest';
import { factToken } from '../../core/conference-facts';
import { PUBLIC_PATHS } from '../../core/routes';
import sitemap from '../../../public/sitemap.xml?raw';
import robots from '../../../public/robots.txt?raw';
import { awards2019 } from './awards/2019';
import { AWARD_DESCRIPTIONS } from './awards/common';
import { awardYears } from './awards/yearly';
import { committeeRoles } from './committee';
import { conference, importantDates } from './conference';
import { heroSlides, logoRows } from './home';
import { previousEvents } from './previous-events';
import { speakers } from './speakers';
import { tracks } from './tracks';
import { WORKSHOP_COURSES } from '../../core/workshop-courses';
import { COURSE_WORDS } from '../../core/workshop-syllabus';

describe('content counts of the public pages', () => {
  test('seven keynote speakers, each a marked sample entry until the organiser names them', () => {
    expect(speakers).toHaveLength(7);
    for (const s of speakers) expect(s.photo ?? s.name).toMatch(/to be announced|^\//);
  });

  test('five previous events with their labels', () => {
    expect(previousEvents.map((e) => e.label)).toEqual([
      'India 2019 Dehradun',
      'Thailand 2019 Bangkok',
      'India 2020 Dehradun',
      'India 2021 Online',
      'Thailand 2022 Pattaya',
    ]);
  });

  test('28 award names for each of 2022, 2023 and 2025, all distinct and described', () => {
    for (const year of ['2022', '2023', '2025'] as const) {
      const names = awardYears[year].awards;
      expect(names).toHaveLength(28);
      expect(new Set(names).size).toBe(28);
      for (const n of names) expect(AWARD_DESCRIPTIONS[n], n).toBeTruthy();
    }
  });

  test('30 award categories for 2019, all distinct and described', () => {
    expect(awards2019.categories).toHaveLength(30);
    expect(new Set(awards2019.categories).size).toBe(30);
    for (const n of awards2019.categories) expect(AWARD_DESCRIPTIONS[n], n).toBeTruthy();
  });

  test('five awardees on 2022 with award ids like 2022/Award/ET/001', () => {
    expect(awardYears[2022].awardees).toHaveLength(5);
    for (const a of awardYears[2022].awardees) expect(a.awardId).toMatch(/^2022\/Award\/[A-Z]{2}\/\d{3}$/);
  });

  test('four tracks with their titles and at least 15 distinct topics each', () => {
    expect(tracks.map((t) => t.title)).toEqual([
      'Science and Materials',
      'Computer Science and Applications',
      'Electrical and Electronics Engineering',
      'Management and Social Science',
    ]);
    for (const t of tracks) {
      expect(t.topics.length).toBeGreaterThanOrEqual(15);
      expect(new Set(t.topics).size).toBe(t.topics.length);
    }
  });

  test('four workshop courses, four hero slides, two rows of four logos', () => {
    // The seeded courses (the organiser's data from then on, decision 0065), each with its card line and syllabus.
    for (const c of WORKSHOP_COURSES) expect(COURSE_WORDS[c.id]?.syllabus).toHaveLength(8);
    expect(WORKSHOP_COURSES.map((c) => c.title)).toEqual([
      'Embedded Systems',
      'Internet of Things',
      'Python plus Machine Learning',
      'Digital System Design',
    ]);
    expect(heroSlides).toHaveLength(4);
    expect(logoRows.map((r) => r.length)).toEqual([4, 4]);
  });

  test('the committee lists every role in order', () => {
    expect(committeeRoles.map((r) => r.role)).toEqual([
      'General Chairs',
      'Conference Chairs',
      'Conference Co-chairs',
      'Track Chairs',
      'Organizing Secretary',
      'Publicity Chair',
      'Publication Chair',
      'Convenor',
      'Conference Tour Manager',
    ]);
  });

  test('dates stay as the site always quoted them', () => {
    expect(conference.heroDates).toBe('December 28-27 2023');
    expect(conference.submissionsPageDates).toBe('December 28-27, 2025');
    expect(conference.workshopDate).toBe('30 December 2022');
    // Decision 0065: calendar days of their own now, printed as the site always printed them.
    expect(importantDates).toEqual([
      { label: 'Final paper submission', date: '31 October 2023' },
      { label: 'Acceptance notification', date: '15 November 2023' },
      { label: 'CRC and registration', date: '30 November 2023' },
    ]);
    expect(awardYears[2025].conferenceDates).toBe('28th-27th December 2025');
  });
});

describe('sitemap and robots', () => {
  test('public/sitemap.xml lists exactly the prerendered public pages', () => {
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // The site's address is the token the server fills in with PUBLIC_URL (src/server/page-facts.ts).
    expect(locs).toEqual(PUBLIC_PATHS.map((p) => factToken('siteUrl') + p));
  });

  test('public/robots.txt points at the sitemap', () => {
    expect(robots).toContain(`Sitemap: ${factToken('siteUrl')}/sitemap.xml`);
  });
});
