import type { FastifyPluginAsync } from 'fastify';
import { WORKSHOPS } from '../../core/api/workshops';
import { defineRoute } from '../http/route';
import { listEditorWorkshops, listWorkshopSeats } from '../services/workshops/workshops';
import {
  createWorkshopCourse,
  deleteWorkshopCourse,
  updateWorkshopCourse,
  updateWorkshopDetails,
} from '../services/workshops/workshop-courses';
import { joinWaitingList, listMyWaitingPlaces, offerSeatByEditor } from '../services/workshops/workshop-waitlist';

const SIGNED_IN = ['Author', 'Editor', 'Reviewer'] as const;

/** Workshop seats and the waiting list (decision 0045). */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const publicUrl = app.config.publicUrl;

  defineRoute(app, WORKSHOPS.listWorkshopSeats, { access: 'public', handler: () => listWorkshopSeats(db) });
  defineRoute(app, WORKSHOPS.joinWaitingList, {
    access: SIGNED_IN,
    handler: ({ req, caller, params }) => joinWaitingList({ db, caller, courseId: params.courseId, ip: req.ip }),
  });
  defineRoute(app, WORKSHOPS.listMyWaitingPlaces, { access: SIGNED_IN, handler: ({ caller }) => listMyWaitingPlaces({ db, caller }) });
  defineRoute(app, WORKSHOPS.listEditorWorkshops, { access: ['Editor'], handler: () => listEditorWorkshops(db) });
  defineRoute(app, WORKSHOPS.offerWorkshopSeat, {
    access: ['Editor'],
    handler: ({ req, caller, params }) =>
      offerSeatByEditor({ db, mailer: app.mailer, publicUrl, courseId: params.courseId, caller, ip: req.ip }),
  });
  /**
   * The /technical-workshop page prints the courses, days and venue (decision 0065): after a committed change this
   * instance renders its pages again now, the others within their store's poll. The change stands if this read fails.
   */
  const reloadPages = async <T>(req: { log: { warn: (o: object, m: string) => void } }, saved: T): Promise<T> => {
    await app.conference.refresh(db).catch((err: unknown) => req.log.warn({ err }, 'public pages not reloaded after a workshop change'));
    return saved;
  };
  defineRoute(app, WORKSHOPS.updateWorkshopDetails, {
    access: ['Editor'],
    handler: async ({ req, caller, body }) => reloadPages(req, await updateWorkshopDetails({ db, caller, ip: req.ip, details: body })),
  });
  defineRoute(app, WORKSHOPS.createWorkshopCourse, {
    access: ['Editor'],
    handler: async ({ req, caller, body }) => reloadPages(req, await createWorkshopCourse({ db, caller, ip: req.ip, course: body })),
  });
  defineRoute(app, WORKSHOPS.updateWorkshopCourse, {
    access: ['Editor'],
    handler: async ({ req, caller, params, body }) =>
      reloadPages(req, await updateWorkshopCourse({ db, caller, ip: req.ip, courseId: params.courseId, course: body })),
  });
  defineRoute(app, WORKSHOPS.deleteWorkshopCourse, {
    access: ['Editor'],
    handler: async ({ req, caller, params }) => {
      await deleteWorkshopCourse({ db, caller, ip: req.ip, courseId: params.courseId });
      return reloadPages(req, { deleted: true as const });
    },
  });
};

export default routes;
