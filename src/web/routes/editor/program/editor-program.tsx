import { useEffect, useRef, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import type { z } from '../../../../core/zod';
import type { BodyOf } from '../../../../core/api/endpoint';
import type { PROGRAMME } from '../../../../core/api/programme';
import type { PlacementBody, SessionBody, SessionPatchBody } from '../../../../core/schemas/program';
import {
  createProgramSession,
  deleteProgramSession,
  getEditorProgram,
  issueCertificates,
  placeSessionPapers,
  publishProgram,
  remindRegistration,
  updateProgramSession,
} from '../../../api/programme';
import { ProgramAftercare } from './program-aftercare';
import { ProgramPublish } from './program-publish';
import { SessionCard, SessionFields, sessionFromForm } from './program-session-card';
import { actOr, jsonBody, loadOr } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import type { Route } from './+types/editor-program';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Programme') }];

/** The draft sessions, the accepted papers to place, the warnings and the published state, as the server computes them. */
export async function clientLoader() {
  requireRole('Editor');
  return loadOr(getEditorProgram(), 'Failed to load the programme');
}

export type ProgramIntent =
  | { intent: 'createSession'; session: z.input<typeof SessionBody> }
  | { intent: 'updateSession'; id: string; patch: z.input<typeof SessionPatchBody> }
  | { intent: 'placePapers'; id: string; placement: PlacementBody }
  | { intent: 'deleteSession'; id: string }
  | { intent: 'publish'; acknowledgeWarnings: boolean }
  | { intent: 'remind'; paperIds: string[] }
  | ({ intent: 'issueCertificates' } & BodyOf<typeof PROGRAMME.issueCertificates>);

/** Every write of the screen and its aftercare, told apart by `intent`; the loader then reads the programme again. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = await jsonBody<ProgramIntent>(request);
  switch (body.intent) {
    case 'createSession':
      return actOr(createProgramSession(body.session), 'The session could not be saved.', body.intent);
    case 'updateSession':
      return actOr(updateProgramSession(body.id, body.patch), 'The session could not be saved.', body.intent);
    case 'placePapers':
      return actOr(placeSessionPapers(body.id, body.placement), 'The papers could not be saved.', body.intent);
    case 'deleteSession':
      return actOr(deleteProgramSession(body.id), 'The session could not be deleted.', body.intent);
    case 'publish':
      return actOr(publishProgram({ acknowledgeWarnings: body.acknowledgeWarnings }), 'The programme could not be published.', body.intent);
    case 'remind':
      return actOr(remindRegistration(body.paperIds), 'The reminders could not be sent.', body.intent);
    case 'issueCertificates': {
      // The aftercare's own fields (presentationsBeforeSessions) go as they came.
      const { intent, ...rest } = body;
      return actOr(issueCertificates(rest), 'The certificates could not be issued.', intent);
    }
  }
}

export { RouteError as ErrorBoundary, revalidateAfterSuccess as shouldRevalidate } from '../../../lib/route-data';

const post = { method: 'post', encType: 'application/json' } as const;

/**
 * The editor builds the programme's draft (sessions, the accepted papers placed in order with a presenter), sees the
 * warnings and publishes it (decisions 0017 and 0052). Times are in the conference's zone (its current facts).
 */
export default function EditorProgram({ loaderData: data }: Route.ComponentProps) {
  const creating = useFetcher<typeof clientAction>();
  const formRef = useRef<HTMLFormElement>(null);
  const result = creating.state === 'idle' ? creating.data : undefined;
  const formError = result && !result.ok ? result.error : null;
  // A session saved: the form is emptied for the next one (the list below comes from the loader).
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);

  function create(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    creating.submit({ intent: 'createSession', session: sessionFromForm(e.currentTarget, data.timeZone) } satisfies ProgramIntent, post);
  }

  return (
    <section aria-labelledby="program-heading" className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="program-heading" className="text-2xl font-bold text-brand-900">
          Programme
        </h1>
        <a href="/program" className="font-semibold text-brand-800 underline underline-offset-4">
          Public programme page
        </a>
      </div>

      <ProgramPublish data={data} />

      <form ref={formRef} onSubmit={create} aria-labelledby="new-session-heading" className={cardClass()}>
        <h2 id="new-session-heading" className="text-lg font-bold text-brand-900">
          New session
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Times are {data.zoneLabel}. Conference dates: {data.conferenceDates.start} to {data.conferenceDates.end}.
        </p>
        <SessionFields zone={data.timeZone} idPrefix="new-session" tracks={data.tracks} />
        <Alert className="mt-3">{formError}</Alert>
        <Button type="submit" disabled={creating.state !== 'idle'} className="mt-4 min-h-11">
          Add session
        </Button>
      </form>

      <section aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className="text-lg font-bold text-brand-900">
          Draft sessions ({data.sessions.length})
        </h2>
        {data.sessions.length === 0 ? <p className="mt-2 text-slate-700">No sessions yet.</p> : null}
        <ul className="mt-3 space-y-4">
          {data.sessions.map((s) => (
            <SessionCard key={s._id} session={s} zone={data.timeZone} papers={data.papers} tracks={data.tracks} />
          ))}
        </ul>
      </section>

      <ProgramAftercare papers={data.papers} />
    </section>
  );
}
