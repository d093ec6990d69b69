export default function SearchResultsPage() {
  return <div className="page" />;
}
