export default function ProfilePage() {
  return (
    <div className="page">
      <h1>Profile</h1>
    </div>
  );
}
