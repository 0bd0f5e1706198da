import type { WorkshopCourse } from '../core/workshop-courses';
import { workshopBegin, workshopCardsHtml, workshopEnd, workshopSyllabiHtml, type WorkshopBlock } from '../core/workshop-html';

const WRITERS: Record<WorkshopBlock, (courses: readonly WorkshopCourse[]) => string> = {
  cards: workshopCardsHtml,
  syllabi: workshopSyllabiHtml,
};

/**
 * A prerendered page with the edition's workshop courses in place of the build's (decision 0065): each block between
 * its markers (src/core/workshop-html.ts) drawn again from `courses`, and the markers removed. Run after the facts are
 * filled in, so that no course's title is read as a fact's token.
 */
export function renderWorkshop(html: string, courses: readonly WorkshopCourse[]): string {
  if (!html.includes('\u27E6#workshop:')) return html;
  let out = html;
  for (const name of Object.keys(WRITERS) as WorkshopBlock[]) {
    const begin = workshopBegin(name);
    const end = workshopEnd(name);
    let from = out.indexOf(begin);
    while (from >= 0) {
      const to = out.indexOf(end, from + begin.length);
      if (to < 0) break;
      const inner = WRITERS[name](courses);
      out = out.slice(0, from) + inner + out.slice(to + end.length);
      from = out.indexOf(begin, from + inner.length);
    }
  }
  return out;
}
