export default function UpdateListingPage() {
  return (
    <div className="page">
      <h1>Edit Listing</h1>
    </div>
  );
}
