export default function CreateListingPage() {
  return (
    <div className="page">
      <h1>Create Listing</h1>
    </div>
  );
}
