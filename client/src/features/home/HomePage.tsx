export default function HomePage() {
  return <div className="page" />;
}
