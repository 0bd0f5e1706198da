export const meta = () => [{ title: 'Paper review' }];

export default function Page() {
  return <h1 className="text-2xl font-bold">Paper review</h1>;
}
