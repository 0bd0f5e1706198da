export const meta = () => [{ title: 'Payments' }];

export default function Page() {
  return <h1 className="text-2xl font-bold">Payments</h1>;
}
