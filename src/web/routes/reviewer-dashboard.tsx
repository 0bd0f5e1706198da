export const meta = () => [{ title: 'Reviewer dashboard' }];

export default function Page() {
  return <h1 className="text-2xl font-bold">Reviewer dashboard</h1>;
}
