import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { MESSAGES } from '../../../core/messages';
import { NewPaperFields } from '../../../core/schemas/paper';
import { TrackId } from '../../../core/schemas/tracks';
import { messageOf, session } from '../../api/client';
import { getDeadlines } from '../../api/review';
import { submitPaperWithProgress } from '../../api/submissions';
import { getTracks } from '../../api/tracks';
import { DeadlineTime } from '../../components/deadline-time';
import { formatDeadline } from '../../lib/format';
import { UploadProgress } from '../../components/upload-progress';
import { loadPart, useFollowRedirect } from '../../lib/route-data';
import { requireRole } from '../../lib/session';
import { FreeKeywordsField, splitKeywords, TagButtons, topicsIn, TrackSelect } from './tag-buttons';
import { CoAuthorFields } from '../../components/co-author-fields';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { cardClass } from '../../components/ui/card';
import { Field, fileInputClass } from '../../components/ui/field';
import { CoAuthorList, type CoAuthor } from '../../../core/schemas/accounts';
import type { Route } from './+types/author-new-paper';
import { appTitle } from '../../lib/seo';
import { preflightNewPaper } from '../../api/preflight';
import { PreflightFindings } from '../../components/preflight-findings';
import type { PreflightResponse } from '../../../core/api/preflight';

export const meta = () => [{ title: appTitle('New paper') }];

/** The paper's form with a track (decision 0023): the new paper's fields, its track required. */
const NewPaperForm = NewPaperFields.extend({ track: TrackId });

/**
 * The submission deadline (when it cannot be read the form is offered: the server refuses a late paper) and the
 * tracks, whose open ones the author chooses from.
 */
export async function clientLoader() {
  requireRole('Author');
  const [deadlines, tracks] = await Promise.all([
    loadPart(getDeadlines(), null),
    loadPart(getTracks(), [], 'The tracks could not be loaded. Please reload the page.'),
  ]);
  return { deadline: deadlines.data?.submissionDeadline ?? null, tracks: tracks.data, tracksError: tracks.error };
}

export { RouteError as ErrorBoundary } from '../../lib/route-data';

export default function NewPaper({ loaderData: { deadline, tracks, tracksError } }: Route.ComponentProps) {
  const navigate = useNavigate();
  const followRedirect = useFollowRedirect();
  const [trackId, setTrackId] = useState('');
  const [keywords, setKeywords] = useState<string[]>([]);
  const [freeKeywords, setFreeKeywords] = useState('');
  const [coAuthors, setCoAuthors] = useState<CoAuthor[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ sent: number; total: number; fileSize: number } | null>(null);
  // Decision 0021: when the PDF's properties name the author, the page stays to say so instead of moving on.
  const [submitted, setSubmitted] = useState<{ message: string; paperId: string; warning: string } | null>(null);
  // Decision 0072: the chosen PDF is checked against the track's rules at once; the latest choice's answer only is shown.
  const [check, setCheck] = useState<{ busy: true } | { busy: false; result: PreflightResponse | null; error: string | null } | null>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const checkSeq = useRef(0);
  const runCheck = (file: File | null, track: string, authors: CoAuthor[]) => {
    const seq = ++checkSeq.current;
    if (!file || file.size === 0) {
      setCheck(null);
      return;
    }
    setCheck({ busy: true });
    const listed = CoAuthorList.safeParse(authors);
    preflightNewPaper({ file, track: track || undefined, coAuthors: listed.success ? listed.data : [] }).then(
      (result) => seq === checkSeq.current && setCheck({ busy: false, result, error: null }),
      (err: unknown) =>
        seq === checkSeq.current &&
        setCheck({
          busy: false,
          result: null,
          error: `Your PDF could not be checked now (${messageOf(err, 'please try again')}); it will be checked when you submit.`,
        }),
    );
  };
  const closed = Boolean(deadline && Date.now() > Date.parse(deadline));
  const track = tracks.find((t) => t.id === trackId);
  const chooseTrack = (id: string) => {
    setTrackId(id);
    if (chosen) runCheck(chosen, id, coAuthors);
    setKeywords((chosen) =>
      topicsIn(
        tracks.find((t) => t.id === id),
        chosen,
      ),
    );
  };

  // The upload reports its progress, so it is a direct call (XMLHttpRequest), not the route's action.
  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setError(null);
    // docs/product.md#validation-and-messages: with no stored token the alert is 'Please login first'.
    if (!session.token()) {
      window.alert(MESSAGES.pleaseLogin);
      navigate('/login');
      return;
    }
    const f = new FormData(e.currentTarget);
    const file = f.get('file');
    const parsed = NewPaperForm.safeParse({
      title: f.get('title'),
      abstract: f.get('abstract'),
      track: trackId,
      keywords,
      freeKeywords: splitKeywords(freeKeywords),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.submissionFailed);
      return;
    }
    if (!(file instanceof File) || file.size === 0) {
      setError('Please attach the paper as a PDF file');
      return;
    }
    const authors = CoAuthorList.safeParse(coAuthors);
    if (!authors.success) {
      setError(authors.error.issues[0]?.message ?? MESSAGES.submissionFailed);
      return;
    }
    setBusy(true);
    setProgress({ sent: 0, total: file.size, fileSize: file.size });
    try {
      const res = await submitPaperWithProgress({ ...parsed.data, file, coAuthors: authors.data }, (sent, total) =>
        setProgress({ sent, total, fileSize: file.size }),
      );
      const message = res.message || MESSAGES.paperSubmitted;
      toast.success(message);
      if (res.metadataWarning) setSubmitted({ message, paperId: res.paper._id, warning: res.metadataWarning });
      else navigate('/author/dashboard');
    } catch (err) {
      if (followRedirect(err)) return;
      setProgress(null);
      const message = messageOf(err, MESSAGES.submissionFailed);
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-brand-900">New paper</h1>
      {deadline && !closed ? (
        <p className="mt-2 text-slate-700">
          Submission deadline: <DeadlineTime iso={deadline} />
        </p>
      ) : null}
      {submitted ? (
        <div className={cardClass('mt-6 space-y-4 shadow-sm')}>
          <Alert tone="success">{submitted.message}</Alert>
          <Alert tone="warning">{submitted.warning}</Alert>
          <p className="flex flex-wrap gap-4">
            <Link to="/author/dashboard" className="font-semibold text-brand-700 underline">
              Go to My Research Papers
            </Link>
            <Link to={`/paper-details/${submitted.paperId}`} className="font-semibold text-brand-700 underline">
              Open the paper
            </Link>
          </p>
        </div>
      ) : closed ? (
        <div role="alert" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-6 text-amber-900">
          <p className="text-lg font-semibold">{MESSAGES.submissionsClosed}</p>
          <p className="mt-1">
            The submission deadline was {formatDeadline(deadline!)}. You can still follow your submitted papers on{' '}
            <Link to="/author/dashboard" className="font-semibold underline">
              your dashboard
            </Link>
            .
          </p>
        </div>
      ) : (
        <form className={cardClass('mt-6 space-y-5 shadow-sm')} onSubmit={onSubmit}>
          <Field id="title" name="title" label="Title" required maxLength={300} />
          <Field id="abstract" label="Abstract">
            {(control) => <textarea {...control} name="abstract" required maxLength={5000} rows={8} />}
          </Field>
          <Alert>{tracksError}</Alert>
          <TrackSelect tracks={tracks} value={trackId} onChange={chooseTrack} />
          <TagButtons topics={track ? track.topics : null} value={keywords} onChange={setKeywords} />
          <FreeKeywordsField value={freeKeywords} onChange={setFreeKeywords} />
          <Field id="file" label="Paper (PDF)">
            {(control) => (
              <input
                {...control}
                className={fileInputClass}
                name="file"
                type="file"
                accept="application/pdf,.pdf"
                required
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0] ?? null;
                  setChosen(file);
                  runCheck(file, trackId, coAuthors);
                }}
              />
            )}
          </Field>
          <PreflightFindings state={check} />
          <CoAuthorFields value={coAuthors} onChange={setCoAuthors} />
          {progress ? (
            <UploadProgress sent={progress.sent} total={progress.total} fileSize={progress.fileSize} label="Paper upload" />
          ) : null}
          <Alert>{error}</Alert>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? 'Submitting...' : 'Submit Paper'}
          </Button>
        </form>
      )}
    </div>
  );
}
