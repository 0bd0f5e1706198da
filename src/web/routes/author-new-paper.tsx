export const meta = () => [{ title: 'New paper' }];

export default function Page() {
  return <h1 className="text-2xl font-bold">New paper</h1>;
}
