export default function CartDrawer() {
  return null;
}
