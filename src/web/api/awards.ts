import { AWARDS } from '../../core/api/awards';
import type { BodyOf } from '../../core/api/endpoint';
import { call, saveDownload } from './client';

/** Award nominations (decision 0044): the caller's own, the panel's list, scores, decisions and members. */
export const listMyNominations = () => call(AWARDS.listMyNominations);
/** The nomination form as the browser sends it: the fields, `cv` (PDF) and optionally `photo`. */
export const createNomination = (form: FormData) => call(AWARDS.createNomination, { form });
export const listPanelNominations = () => call(AWARDS.listPanelNominations);
/** Whether the caller is on the award panel (the account menu then links /award-panel). */
export const getMyPanelMembership = () => call(AWARDS.getMyPanelMembership);
export const downloadNominationCv = (id: string, fileName: string) => saveDownload(AWARDS.getNominationCv, { params: { id }, fileName });
export const scoreNomination = (id: string, body: BodyOf<typeof AWARDS.scoreNomination>) =>
  call(AWARDS.scoreNomination, { params: { id }, body });
export const decideNomination = (id: string, body: BodyOf<typeof AWARDS.decideNomination>) =>
  call(AWARDS.decideNomination, { params: { id }, body });
export const listPanelMembers = () => call(AWARDS.listPanelMembers);
export const addPanelMember = (email: string) => call(AWARDS.addPanelMember, { body: { email } });
export const removePanelMember = (userId: string) => call(AWARDS.removePanelMember, { params: { userId } });
