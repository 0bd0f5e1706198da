export const meta = () => [{ title: 'Messages' }];

export default function Page() {
  return <h1 className="text-2xl font-bold">Messages</h1>;
}
