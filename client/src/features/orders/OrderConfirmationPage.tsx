export default function OrderConfirmationPage() {
  return (
    <div className="page">
      <h1>Order Confirmation</h1>
    </div>
  );
}
