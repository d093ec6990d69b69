export default function ProductDetailPage() {
  return <div className="page" />;
}
