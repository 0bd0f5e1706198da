export const meta = () => [{ title: 'SUGGESTED REVIEWERS' }];

export default function Page() {
  return <h1 className="text-2xl font-bold">SUGGESTED REVIEWERS</h1>;
}
