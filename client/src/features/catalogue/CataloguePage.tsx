export default function CataloguePage() {
  return <div className="page" />;
}
