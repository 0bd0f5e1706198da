import { newId } from '../../../core/ids';
import type { ContactBody } from '../../../core/schemas/contact';
import type { Db } from '../../db/connect';
import { contactMessages } from '../../db/schema';

/** Stores one message sent through the home page's contact form, with the sender's address. */
export async function createContactMessage({ db, body, ip }: { db: Db; body: ContactBody; ip: string }): Promise<{ id: string }> {
  const id = newId();
  await db.insert(contactMessages).values({ id, ...body, ip });
  return { id };
}
