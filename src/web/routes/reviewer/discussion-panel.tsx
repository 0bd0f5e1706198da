import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { DiscussionPostBody, EDIT_WINDOW_MINUTES, POST_MAX_CHARS, type DiscussionJson, type DiscussionPostJson } from '../../../core/schemas/discussion';
import { addDiscussionPost, editDiscussionPost, getDiscussion } from '../../api/discussion';
import { messageOf } from '../../api/client';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { cardClass } from '../../components/ui/card';
import { inputClass } from '../../components/ui/field';
import { formatDateTime } from '../../lib/format';

/** How often the open thread looks for others' new posts. */
const REFRESH_MS = 30_000;

/** The body's problem as the server would word it, or null. */
const problemOf = (body: string) => {
  const parsed = DiscussionPostBody.safeParse({ body });
  return parsed.success ? null : parsed.error.issues[0]?.message ?? 'The post is not valid';
};

/**
 * A paper's discussion among its committee (issue 23.3), for its reviewers, its track's chairs and the editor:
 * the thread as a list (oldest first), a labelled box to post, and Edit on one's own posts for 15 minutes. Others'
 * new posts (looked for every 30 seconds) and one's own are announced politely. Authors never reach it.
 */
export function DiscussionPanel({ paperId }: { paperId: string }) {
  const navigate = useNavigate();
  const ids = useId();
  const [posts, setPosts] = useState<DiscussionPostJson[] | null>(null);
  const [response, setResponse] = useState<DiscussionJson['authorResponse']>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<{ id: string; text: string; error: string | null } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const known = useRef<Set<string> | null>(null);

  /** A refused token: the client's redirect to log in, followed here (no loader is running). */
  const failed = useCallback((err: unknown, fallback: string): string | null => {
    if (err instanceof Response) {
      navigate(err.headers.get('Location') ?? '/login');
      return null;
    }
    return messageOf(err, fallback);
  }, [navigate]);

  const load = useCallback(async () => {
    try {
      const { posts: list, authorResponse } = await getDiscussion(paperId);
      setResponse(authorResponse);
      const fresh = known.current ? list.filter((p) => !known.current!.has(p.id) && !p.mine) : [];
      if (fresh.length) setAnnouncement(fresh.length === 1 ? `New post by ${fresh[0]!.author}` : `${fresh.length} new posts in the discussion`);
      known.current = new Set(list.map((p) => p.id));
      setPosts(list);
      setLoadError(null);
    } catch (err) {
      const message = failed(err, 'The discussion could not be loaded. Please reload the page.');
      if (message) setLoadError(message);
    }
  }, [paperId, failed]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => { if (document.visibilityState === 'visible') void load(); }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const send = async () => {
    const problem = problemOf(text);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const { message, post } = await addDiscussionPost(paperId, text.trim());
      known.current?.add(post.id);
      setPosts((list) => [...(list ?? []), post]);
      setText('');
      setAnnouncement(message);
      toast.success(message);
    } catch (err) {
      const message = failed(err, 'The post could not be saved. Please try again.');
      if (message) setError(message);
    } finally {
      setBusy(false);
    }
  };

  const saveEdit = async () => {
    if (!editing) return;
    const problem = problemOf(editing.text);
    if (problem) { setEditing({ ...editing, error: problem }); return; }
    setBusy(true);
    try {
      const { message, post } = await editDiscussionPost(paperId, editing.id, editing.text.trim());
      setPosts((list) => (list ?? []).map((p) => (p.id === post.id ? post : p)));
      setEditing(null);
      setAnnouncement(message);
      toast.success(message);
    } catch (err) {
      const message = failed(err, 'The post could not be changed. Please try again.');
      if (message) setEditing({ ...editing, error: message });
    } finally {
      setBusy(false);
    }
  };

  const headingId = `${ids}-heading`;
  const boxId = `${ids}-box`;
  const hintId = `${ids}-hint`;
  const errorId = `${ids}-error`;
  return (
    <section aria-labelledby={headingId} className={cardClass('space-y-4 shadow-sm')}>
      <div>
        <h2 id={headingId} className="text-xl font-semibold text-brand-900">Discussion</h2>
        <p className="mt-1 text-sm text-slate-700">Between this paper&apos;s reviewers and chairs. Reviewers appear as &ldquo;Reviewer 1, 2…&rdquo;; authors never see it.</p>
      </div>
      <p role="status" aria-live="polite" className="sr-only">{announcement}</p>
      {response ? (
        // The authors' response to the reviews (issue 23.5), read by the committee beside its discussion.
        <section aria-labelledby={`${ids}-response`} className="rounded-lg border border-amber-300 bg-amber-50 p-3">
          <h3 id={`${ids}-response`} className="font-semibold text-brand-900">The authors&apos; response</h3>
          <p className="text-sm text-slate-700">{response.words} words · {formatDateTime(response.updatedAt)}</p>
          <p className="mt-2 whitespace-pre-wrap break-words text-slate-900">{response.text}</p>
        </section>
      ) : null}
      <Alert>{loadError}</Alert>
      {posts === null ? (loadError ? null : <p className="text-sm text-slate-700">Loading the discussion…</p>)
        : posts.length === 0 ? <p className="text-sm text-slate-700">No posts yet. Start the discussion below.</p> : (
        <ol aria-label="Discussion posts" className="space-y-3">
          {posts.map((p) => (
            <li key={p.id} className={`rounded-lg border p-3 ${p.mine ? 'border-brand-200 bg-brand-50' : 'border-slate-200 bg-white'}`}>
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-semibold text-brand-900">{p.mine ? `You (${p.author})` : p.author}</span>
                {p.name && !p.mine ? <span className="text-slate-700">{p.name}</span> : null}
                <time dateTime={p.createdAt} className="text-xs text-slate-600">{formatDateTime(p.createdAt)}</time>
                {p.editedAt ? <span className="text-xs text-slate-600">(edited)</span> : null}
              </p>
              {editing?.id === p.id ? (
                <div className="mt-2">
                  <label htmlFor={`${ids}-edit`} className="block text-sm font-medium text-slate-700">Edit your post</label>
                  <textarea id={`${ids}-edit`} rows={4} maxLength={POST_MAX_CHARS} value={editing.text} className={inputClass}
                    aria-invalid={editing.error ? true : undefined} aria-describedby={editing.error ? `${ids}-edit-error` : undefined}
                    onChange={(e) => setEditing({ ...editing, text: e.target.value, error: null })} />
                  {editing.error ? <p id={`${ids}-edit-error`} className="mt-1 text-sm text-red-800">{editing.error}</p> : null}
                  <div className="mt-2 flex flex-wrap gap-2">
                    <Button size="sm" disabled={busy} onClick={saveEdit}>Save</Button>
                    <Button size="sm" variant="quiet" onClick={() => setEditing(null)}>Cancel</Button>
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
        <label htmlFor={boxId} className="block font-semibold text-brand-900">Your post</label>
        <textarea id={boxId} rows={4} maxLength={POST_MAX_CHARS} value={text} className={inputClass}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId} aria-invalid={error ? true : undefined}
          onChange={(e) => { setText(e.target.value); setError(null); }} />
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {text.length} / {POST_MAX_CHARS} characters. You can edit a post for {EDIT_WINDOW_MINUTES} minutes after posting it.
        </p>
        {error ? <p id={errorId} className="mt-1 text-sm text-red-800">{error}</p> : null}
        <Button className="mt-2" disabled={busy} onClick={send}>{busy && !editing ? 'Posting…' : 'Post'}</Button>
      </div>
    </section>
  );
}
