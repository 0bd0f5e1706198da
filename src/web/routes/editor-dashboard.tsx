export const meta = () => [{ title: 'Research Papers' }];

export default function Page() {
  return <h1 className="text-2xl font-bold">Research Papers</h1>;
}
