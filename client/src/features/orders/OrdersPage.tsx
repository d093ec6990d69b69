export default function OrdersPage() {
  return (
    <div className="page">
      <h1>My Orders</h1>
    </div>
  );
}
