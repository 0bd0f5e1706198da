import type { Deadlines } from './conference-facts';
import { WORKSHOP_COURSES, WORKSHOP_DETAILS_DEFAULTS, type WorkshopCourse, type WorkshopDetails } from './workshop-courses';

/**
 * What the public pages print besides the facts, read with them and drawn in when the server renders the pages
 * (decisions 0050, 0065): the settings' deadlines the important dates follow, and the technical workshop's courses,
 * days and venue. The defaults are a new install's: no deadline set, the four seeded courses.
 */
export interface PageData {
  deadlines: Deadlines;
  workshop: { courses: readonly WorkshopCourse[]; details: WorkshopDetails };
}
export const PAGE_DATA_DEFAULTS: PageData = { deadlines: {}, workshop: { courses: WORKSHOP_COURSES, details: WORKSHOP_DETAILS_DEFAULTS } };
