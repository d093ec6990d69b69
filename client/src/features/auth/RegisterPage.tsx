export default function RegisterPage() {
  return (
    <main className="page">
      <h1>Create Account</h1>
    </main>
  );
}
