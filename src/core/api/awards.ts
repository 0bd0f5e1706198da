import { z } from '../zod';
import {
  AddPanelMemberBody,
  AwardeesJson,
  DecisionBody,
  DecisionJson,
  MyNominationJson,
  MyNominationsJson,
  NominationCreatedJson,
  NominationFields,
  NominationParams,
  PanelJson,
  PanelMemberParams,
  PanelMembersJson,
  PanelNominationJson,
  ScoreBody,
  YearParams,
} from '../schemas/award';
import { endpoints, fileAnswer } from './endpoint';

/** The nomination form as multipart sends it: the fields, the CV and an optional photo. */
const NominationForm = z.object({
  ...NominationFields.shape,
  cv: z.string().describe("The nominee's CV, a PDF (checked by its bytes) within the upload size limit (binary)"),
  photo: z.string().optional().describe("The nominee's photo for the awards page, a JPEG, PNG or WebP image of at most 2 MB (binary)"),
});

/**
 * The yearly awards online (decision 0044): nominations with a CV until 20 December, the panel's scores, the editor's
 * decision with an award id and a certificate, and the awardees on the public awards page.
 */
export const AWARDS = endpoints('programme', {
  listAwardees: {
    method: 'GET',
    path: '/awards/:year/awardees',
    summary: "A year's awardees for the public awards page: photo, name, designation, affiliation, award and award id",
    description: 'Public. Never an e-mail address. A year with no awardees answers an empty list.',
    params: YearParams,
    response: AwardeesJson,
  },
  getAwardeePhoto: {
    method: 'GET',
    path: '/awards/photos/:id',
    summary: "An awardee's photo (public once the nomination is awarded)",
    params: NominationParams,
    response: fileAnswer('image/*', 'The photo (JPEG, PNG or WebP)'),
  },
  listMyNominations: {
    method: 'GET',
    path: '/account/nominations',
    summary: "The caller's own nominations with their state, and the current year's categories and deadline",
    response: MyNominationsJson,
  },
  createNomination: {
    method: 'POST',
    path: '/account/nominations',
    summary: "Nominate someone (or oneself) for one of the current year's awards",
    description:
      'multipart/form-data: the fields, `cv` (a PDF) and optionally `photo` (an image). The Young Scientist Award asks `age` ' +
      '(at most 35) or `studentStatus` (PhD, MPhil or Masters). 403 after 20 December of the year, 23:59 Bangkok time.',
    body: NominationForm,
    multipart: true,
    status: 201,
    response: NominationCreatedJson,
    errors: [413],
  },
  getMyNomination: {
    method: 'GET',
    path: '/account/nominations/:id',
    summary: "One of the caller's own nominations (anyone else's: 404)",
    params: NominationParams,
    response: MyNominationJson,
  },
  getMyPanelMembership: {
    method: 'GET',
    path: '/award-panel/membership',
    summary: 'Whether the caller may use /award-panel (their account menu links it: decision 0077)',
    response: z.object({ member: z.boolean() }),
  },
  listPanelNominations: {
    method: 'GET',
    path: '/award-panel/nominations',
    summary: "The year's nominations for the award panel, with every score and the average",
    description: 'The editor and the people the editor named to the panel (once their address is verified); anyone else 403.',
    response: PanelJson,
  },
  getNominationCv: {
    method: 'GET',
    path: '/award-panel/nominations/:id/cv.pdf',
    summary: "A nomination's CV (the panel and the editors only)",
    params: NominationParams,
    response: fileAnswer('application/pdf', 'The CV'),
  },
  scoreNomination: {
    method: 'PUT',
    path: '/award-panel/nominations/:id/score',
    summary: "The caller's score (1-10) and comment on a nomination; given again, it replaces the first",
    description: '409 once the nomination is decided.',
    params: NominationParams,
    body: ScoreBody,
    response: z.object({ message: z.string(), nomination: PanelNominationJson }),
    errors: [409],
  },
  decideNomination: {
    method: 'POST',
    path: '/award-panel/nominations/:id/decision',
    summary: 'The editor decides a nomination: awarded (an award id and a certificate) or not awarded',
    description: 'Once: a second decision is a 409. The nominee and the nominator are mailed at once.',
    params: NominationParams,
    body: DecisionBody,
    response: DecisionJson,
    errors: [409],
  },
  listPanelMembers: {
    method: 'GET',
    path: '/award-panel/members',
    summary: "The people the editor named to the year's award panel",
    response: PanelMembersJson,
  },
  addPanelMember: {
    method: 'POST',
    path: '/award-panel/members',
    summary: "Name an address to the year's award panel (every account of it)",
    description: '404 when no account has the address yet.',
    body: AddPanelMemberBody,
    response: PanelMembersJson,
  },
  removePanelMember: {
    method: 'DELETE',
    path: '/award-panel/members/:userId',
    summary: "Take an account off the year's award panel",
    params: PanelMemberParams,
    response: PanelMembersJson,
  },
});
