import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'sonner';
import { formatDateRange } from '../../../../core/format';
import type { EditorWorkshopJson, WorkshopDetailsJson } from '../../../../core/schemas/workshop';
import { messageOf } from '../../../api/client';
import { createWorkshopCourse, deleteWorkshopCourse, updateWorkshopCourse, updateWorkshopDetails } from '../../../api/workshops';
import { formatMoney } from '../../../lib/format';
import { useFollowRedirect } from '../../../lib/route-data';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';

/** "100" or "100.50" dollars → cents, without floating point; null when it is not an amount. */
function centsOf(typed: string): number | null {
  const m = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(typed);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : null;
}
const dollarsOf = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

function useAct() {
  const followRedirect = useFollowRedirect();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = async (work: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await work();
      toast.success(done);
      await revalidate();
      return true;
    } catch (err) {
      if (!followRedirect(err)) setError(messageOf(err, 'That did not work. Please try again.'));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, act };
}

interface CourseForm {
  title: string;
  date: string;
  seats: string;
  fee: string;
}

/** The form's values as the API takes them, or the reason they are not. */
function courseBody(f: CourseForm) {
  const feeUsdMinor = centsOf(f.fee);
  if (feeUsdMinor === null) throw new Error('Give the fee in dollars, e.g. 100 or 100.50');
  if (!/^\d{1,5}$/.test(f.seats.trim())) throw new Error('Seats must be a whole number');
  return { title: f.title, date: f.date, seats: Number(f.seats), feeUsdMinor };
}

function CourseFields({ f, setF, idPrefix }: { f: CourseForm; setF: (f: CourseForm) => void; idPrefix: string }) {
  return (
    <>
      <Field id={`${idPrefix}-title`} label="Title" value={f.title} onChange={(e) => setF({ ...f, title: e.target.value })} required />
      <Field
        id={`${idPrefix}-date`}
        label="Date"
        type="date"
        value={f.date}
        onChange={(e) => setF({ ...f, date: e.target.value })}
        required
      />
      <Field
        id={`${idPrefix}-seats`}
        label="Seats"
        inputMode="numeric"
        value={f.seats}
        onChange={(e) => setF({ ...f, seats: e.target.value })}
        required
      />
      <Field
        id={`${idPrefix}-fee`}
        label="Fee (USD)"
        inputMode="decimal"
        value={f.fee}
        onChange={(e) => setF({ ...f, fee: e.target.value })}
        required
      />
    </>
  );
}

function EditCourse({ course }: { course: EditorWorkshopJson }) {
  const { busy, error, act } = useAct();
  const [open, setOpen] = useState(false);
  const [f, setF] = useState<CourseForm>({
    title: course.title,
    date: course.date,
    seats: String(course.seats),
    fee: dollarsOf(course.feeUsdMinor),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void act(() => Promise.resolve().then(() => updateWorkshopCourse(course.id, courseBody(f))), `${f.title} saved.`).then(
      (ok) => ok && setOpen(false),
    );
  };
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 break-words text-slate-800">
          <span className="font-semibold">{course.title}</span> · {formatDateRange(course.date, course.date)} · {course.seats} seats ·{' '}
          {formatMoney(course.feeUsdMinor, 'USD')}
        </span>
        <span className="flex gap-2">
          <Button size="sm" variant="secondary" onClick={() => setOpen(!open)} aria-expanded={open} aria-label={`Edit ${course.title}`}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => void act(() => deleteWorkshopCourse(course.id), `${course.title} removed.`)}
            aria-label={`Remove ${course.title}`}
          >
            Remove
          </Button>
        </span>
      </div>
      {open && (
        <form onSubmit={onSubmit} className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-4" aria-label={`Edit ${course.title}`}>
          <CourseFields f={f} setF={setF} idPrefix={`edit-${course.id}`} />
          <div className="sm:col-span-4">
            <Button type="submit" disabled={busy}>
              Save course
            </Button>
          </div>
        </form>
      )}
      <Alert>{error}</Alert>
    </li>
  );
}

function AddCourse() {
  const { busy, error, act } = useAct();
  const empty = { id: '', title: '', date: '', seats: '40', fee: '100' };
  const [f, setF] = useState(empty);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void act(() => Promise.resolve().then(() => createWorkshopCourse({ id: f.id, ...courseBody(f) })), `${f.title} added.`).then(
      (ok) => ok && setF(empty),
    );
  };
  return (
    <form onSubmit={onSubmit} className="grid grid-cols-1 gap-3 sm:grid-cols-5" aria-label="Add a course">
      <Field
        label="Course id"
        hint="Lower-case words joined by '-'; kept for good"
        value={f.id}
        onChange={(e) => setF({ ...f, id: e.target.value })}
        required
      />
      <CourseFields f={f} setF={(g) => setF({ ...f, ...g })} idPrefix="new-course" />
      <div className="sm:col-span-5">
        <Button type="submit" disabled={busy}>
          Add course
        </Button>
      </div>
      <div className="sm:col-span-5">
        <Alert>{error}</Alert>
      </div>
    </form>
  );
}

function Details({ details }: { details: WorkshopDetailsJson }) {
  const { busy, error, act } = useAct();
  const [f, setF] = useState({ firstDay: details.firstDay, lastDay: details.lastDay, venue: details.venue ?? '' });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void act(() => updateWorkshopDetails({ firstDay: f.firstDay, lastDay: f.lastDay, venue: f.venue }), 'Workshop days and venue saved.');
  };
  return (
    <form onSubmit={onSubmit} className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="The workshop's days and venue">
      <Field label="First day" type="date" value={f.firstDay} onChange={(e) => setF({ ...f, firstDay: e.target.value })} required />
      <Field label="Last day" type="date" value={f.lastDay} onChange={(e) => setF({ ...f, lastDay: e.target.value })} required />
      <Field label="Venue" hint="Empty: the conference's venue" value={f.venue} onChange={(e) => setF({ ...f, venue: e.target.value })} />
      <div className="sm:col-span-3">
        <Button type="submit" disabled={busy}>
          Save days and venue
        </Button>
      </div>
      <div className="sm:col-span-3">
        <Alert>{error}</Alert>
      </div>
    </form>
  );
}

/** Decision 0045: the workshop's days, venue and courses, the organiser's data for this edition. */
export function WorkshopSetup({ details, courses }: { details: WorkshopDetailsJson; courses: EditorWorkshopJson[] }) {
  return (
    <Card aria-labelledby="workshop-setup-heading" className="space-y-4">
      <h2 id="workshop-setup-heading" className="text-xl font-semibold text-brand-900">
        Days, venue and courses
      </h2>
      <p className="text-sm text-slate-700">
        The workshop page, the registration form, the waiting-list mail and the certificates print these. A new fee prices registrations
        made from now on; a course with registrations cannot be removed.
      </p>
      <Details details={details} />
      <ul className="divide-y divide-slate-200">
        {courses.map((c) => (
          <EditCourse key={c.id} course={c} />
        ))}
      </ul>
      <AddCourse />
    </Card>
  );
}
