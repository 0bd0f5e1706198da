export const meta = () => [{ title: 'Keynote admin' }];

export default function Page() {
  return <h1 className="text-2xl font-bold">Keynote admin</h1>;
}
