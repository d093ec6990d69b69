export default function CheckoutPage() {
  return (
    <div className="page">
      <h1>Checkout</h1>
    </div>
  );
}
