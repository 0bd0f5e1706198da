import { asc } from 'drizzle-orm';
import { categoryLabel } from '../../../core/registration';
import type { Db } from '../../db/connect';
import { workshopCourses } from '../../db/schema';

/**
 * Registration categories' labels with the edition's workshop courses (decision 0065): a course the organiser added
 * is named by its title ("Technical workshop: Robotics"), never by its key `workshop-<id>`. One read of the courses.
 */
export async function categoryLabeller(db: Pick<Db, 'select'>): Promise<(key: string) => string> {
  const courses = await db
    .select({ id: workshopCourses.id, title: workshopCourses.title })
    .from(workshopCourses)
    .orderBy(asc(workshopCourses.position));
  return (key) => categoryLabel(key, courses);
}
