export const meta = () => [{ title: 'Login / Signup' }];

export default function Page() {
  return <h1 className="text-2xl font-bold">Login / Signup</h1>;
}
