import { conference } from './conference';

/**
 * The technical workshop page's own words. The courses (title, seats, fee) and the workshop's days and venue are the
 * organiser's data (decision 0065): the page draws them with core/workshop-html.ts, their words from
 * core/workshop-syllabus.ts.
 */
export const workshopIntro = `Hands-on technical workshops run alongside the conference on ${conference.workshopDate}, in person at the venue and online. Each course is taught by practising engineers with exercises participants complete during the session.`;

export const workshopRewards = [
  'Certificate of participation for every participant, in soft and hard copy',
  'Certificate of merit for the best mini project in each course',
  'Course material and source code of the exercises to keep',
  'Recording of the online sessions for registered participants',
];

export const workshopRegistration = [
  'Choose one or more courses from the list above.',
  'Pay the workshop fee on the registration page (choose Technical Workshop Fees).',
  'Email the payment receipt with your name, institution and chosen courses to the conference email address.',
  'Receive a confirmation with the schedule and the joining details before the workshop day.',
];
