import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { toast } from 'sonner';
import {
  DiscussionPostBody,
  EDIT_WINDOW_MINUTES,
  POST_MAX_CHARS,
  type DiscussionJson,
  type DiscussionPostJson,
} from '../../../core/schemas/discussion';
import { addDiscussionPost, editDiscussionPost, getDiscussion } from '../../api/discussion';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { cardClass } from '../../components/ui/card';
import { inputClass } from '../../components/ui/field';
import { formatDateTime } from '../../lib/format';
import { actOr, loadPart, type ActionResult } from '../../lib/route-data';

/** How often the open thread looks for others' new posts (while the tab is in view). */
const REFRESH_MS = 30_000;

/** The thread as the host route's loader read it, or the message when it could not. */
export type DiscussionRead = { data: DiscussionJson | null; error: string | null };

/** For the host route's clientLoader: the paper's discussion (a failure shows in the panel, not over the page). */
export const readDiscussion = (paperId: string): Promise<DiscussionRead> =>
  loadPart<DiscussionJson | null>(getDiscussion(paperId), null, 'The discussion could not be loaded. Please reload the page.');

/** What the panel posts to its host route's clientAction. */
export type DiscussionIntent = { intent: 'discussion-post'; text: string } | { intent: 'discussion-edit'; postId: string; text: string };
type Saved = { message: string; post: DiscussionPostJson };

/** For the host route's clientAction: a new post, or a change to one's own. */
export function discussionAction(paperId: string, body: DiscussionIntent): Promise<ActionResult<Saved>> {
  return body.intent === 'discussion-post'
    ? actOr(addDiscussionPost(paperId, body.text), 'The post could not be saved. Please try again.', body.intent)
    : actOr(editDiscussionPost(paperId, body.postId, body.text), 'The post could not be changed. Please try again.', body.intent);
}

/** The body's problem as the server would word it, or null. */
const problemOf = (body: string) => {
  const parsed = DiscussionPostBody.safeParse({ body });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'The post is not valid');
};

/**
 * A paper's discussion among its committee (decision 0032), for its reviewers, its track's chairs and the editor:
 * the thread as a list (oldest first), a labelled box to post, and Edit on one's own posts for 15 minutes. Others'
 * new posts (the thread alone is read again every 30 seconds while the tab is in view) and one's own are announced
 * politely. Authors never reach it. The host route reads the thread (`readDiscussion`) and takes the writes
 * (`discussionAction`); the poll loads `pollPath`, the host page's discussion-thread.ts route, so it does not run the
 * host's whole loader again (decision 0018).
 */
export function DiscussionPanel({ discussion, pollPath }: { discussion: DiscussionRead; pollPath: string }) {
  const ids = useId();
  const fetcher = useFetcher<ActionResult<Saved>>();
  const poll = useFetcher<DiscussionRead>();
  // The poll's reading once there is one (it is read again with the page after a write), else the page's.
  const reading = poll.data ?? discussion;
  // The last thread read: a later reading that fails leaves it in place beside the message.
  const [shown, setShown] = useState(reading.data);
  if (reading.data && reading.data !== shown) setShown(reading.data);
  const posts = shown?.posts ?? null;
  const response = shown?.authorResponse ?? null;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string; text: string; error: string | null } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const known = useRef<Set<string> | null>(null);
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const { load } = poll;
  const pollIdle = poll.state === 'idle';
  // The wait starts again after each reading.
  useEffect(() => {
    if (!pollIdle) return undefined;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load(pollPath);
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [pollIdle, load, pollPath]);

  // Others' posts that were not there at the last reading (none at the first).
  useEffect(() => {
    if (!posts) return;
    const fresh = known.current ? posts.filter((p) => !known.current!.has(p.id) && !p.mine) : [];
    if (fresh.length)
      setAnnouncement(fresh.length === 1 ? `New post by ${fresh[0]!.author}` : `${fresh.length} new posts in the discussion`);
    known.current = new Set(posts.map((p) => p.id));
  }, [posts]);

  // The server's answer (the page has been read again after a saved post).
  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      if (result.intent === 'discussion-edit') setEditing((e) => e && { ...e, error: result.error });
      else setError(result.error);
      return;
    }
    if (result.intent === 'discussion-post') setText('');
    else setEditing(null);
    setAnnouncement(result.data.message);
    toast.success(result.data.message);
  }, [result]);

  const submit = (body: DiscussionIntent) => fetcher.submit(body, { method: 'post', encType: 'application/json' });
  const send = () => {
    const problem = problemOf(text);
    setError(problem);
    if (problem) return;
    submit({ intent: 'discussion-post', text: text.trim() });
  };
  const saveEdit = () => {
    if (!editing) return;
    const problem = problemOf(editing.text);
    if (problem) {
      setEditing({ ...editing, error: problem });
      return;
    }
    submit({ intent: 'discussion-edit', postId: editing.id, text: editing.text.trim() });
  };

  const headingId = `${ids}-heading`;
  const boxId = `${ids}-box`;
  const hintId = `${ids}-hint`;
  const errorId = `${ids}-error`;
  return (
    <section aria-labelledby={headingId} className={cardClass('space-y-4 shadow-sm')}>
      <div>
        <h2 id={headingId} className="text-xl font-semibold text-brand-900">
          Discussion
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Between this paper&apos;s reviewers and chairs. Reviewers appear as &ldquo;Reviewer 1, 2…&rdquo;; authors never see it.
        </p>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {response ? (
        // The authors' response to the reviews (decision 0033), read by the committee beside its discussion.
        <section aria-labelledby={`${ids}-response`} className="rounded-lg border border-amber-300 bg-amber-50 p-3">
          <h3 id={`${ids}-response`} className="font-semibold text-brand-900">
            The authors&apos; response
          </h3>
          <p className="text-sm text-slate-700">
            {response.words} words · {formatDateTime(response.updatedAt)}
          </p>
          <p className="mt-2 whitespace-pre-wrap break-words text-slate-900">{response.text}</p>
        </section>
      ) : null}
      <Alert>{reading.error}</Alert>
      {posts === null ? null : posts.length === 0 ? (
        <p className="text-sm text-slate-700">No posts yet. Start the discussion below.</p>
      ) : (
        <ol aria-label="Discussion posts" className="space-y-3">
          {posts.map((p) => (
            <li key={p.id} className={`rounded-lg border p-3 ${p.mine ? 'border-brand-200 bg-brand-50' : 'border-slate-200 bg-white'}`}>
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-semibold text-brand-900">{p.mine ? `You (${p.author})` : p.author}</span>
                {p.name && !p.mine ? <span className="text-slate-700">{p.name}</span> : null}
                <time dateTime={p.createdAt} className="text-xs text-slate-600">
                  {formatDateTime(p.createdAt)}
                </time>
                {p.editedAt ? <span className="text-xs text-slate-600">(edited)</span> : null}
              </p>
              {editing?.id === p.id ? (
                <div className="mt-2">
                  <label htmlFor={`${ids}-edit`} className="block text-sm font-medium text-slate-700">
                    Edit your post
                  </label>
                  <textarea
                    id={`${ids}-edit`}
                    rows={4}
                    maxLength={POST_MAX_CHARS}
                    value={editing.text}
                    className={inputClass}
                    aria-invalid={editing.error ? true : undefined}
                    aria-describedby={editing.error ? `${ids}-edit-error` : undefined}
                    onChange={(e) => setEditing({ ...editing, text: e.target.value, error: null })}
                  />
                  {editing.error ? (
                    <p id={`${ids}-edit-error`} className="mt-1 text-sm text-red-800">
                      {editing.error}
                    </p>
                  ) : null}
                  <div className="mt-2 flex flex-wrap gap-2">
                    <Button size="sm" disabled={busy} onClick={saveEdit}>
                      Save
                    </Button>
                    <Button size="sm" variant="quiet" onClick={() => setEditing(null)}>
                      Cancel
                    </Button>
                  </div>
                </div>
              ) : (
                <>
                  <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{p.body}</p>
                  {p.editable ? (
                    <Button size="sm" variant="quiet" className="mt-2" onClick={() => setEditing({ id: p.id, text: p.body, error: null })}>
                      Edit<span className="sr-only"> your post of {formatDateTime(p.createdAt)}</span>
                    </Button>
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      <div>
        <label htmlFor={boxId} className="block font-semibold text-brand-900">
          Your post
        </label>
        <textarea
          id={boxId}
          rows={4}
          maxLength={POST_MAX_CHARS}
          value={text}
          className={inputClass}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
        />
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {text.length} / {POST_MAX_CHARS} characters. You can edit a post for {EDIT_WINDOW_MINUTES} minutes after posting it.
        </p>
        {error ? (
          <p id={errorId} className="mt-1 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <Button className="mt-2" disabled={busy} onClick={send}>
          {busy && !editing ? 'Posting…' : 'Post'}
        </Button>
      </div>
    </section>
  );
}
