export const meta = () => [{ title: 'My papers' }];

export default function Page() {
  return <h1 className="text-2xl font-bold">My papers</h1>;
}
