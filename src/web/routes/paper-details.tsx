export const meta = () => [{ title: 'Paper details' }];

export default function Page() {
  return <h1 className="text-2xl font-bold">Paper details</h1>;
}
