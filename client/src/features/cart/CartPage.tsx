export default function CartPage() {
  return <div className="page" />;
}
