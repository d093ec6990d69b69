export default function SearchBox() {
  return <form role="search" className="search-box" />;
}
