/** Whether a reviewer confirmed their e-mail address (the editor's reviewer lists). */
export function VerifiedMark({ verified }: { verified?: boolean }) {
  if (verified === undefined) return null;
  return verified ? (
    <div>
      <dt className="inline font-medium">Email verified: </dt>
      <dd className="inline font-semibold text-green-800">Yes</dd>
    </div>
  ) : (
    <div>
      <dt className="inline font-medium">Email verified: </dt>
      <dd className="inline text-slate-700">Not yet</dd>
    </div>
  );
}
