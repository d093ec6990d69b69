export default function WishlistPage() {
  return (
    <div className="page">
      <h1>Wishlist</h1>
    </div>
  );
}
