export default function LoginPage() {
  return (
    <main className="page">
      <h1>Sign In</h1>
    </main>
  );
}
