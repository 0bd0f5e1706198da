export const meta = () => [{ title: 'Author dashboard' }];

export default function Page() {
  return <h1 className="text-2xl font-bold">Author dashboard</h1>;
}
