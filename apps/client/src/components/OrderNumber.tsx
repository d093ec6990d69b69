/**
 * An order's number, '#' and its id, kept on one line: an id too long for the line is cut short
 * with '…' (the whole of it in the tooltip, and read out whole), never broken over lines.
 */
import './order-number.css';

export default function OrderNumber({ id }: { id: string }) {
  return (
    <span className="order-number" title={`#${id}`}>
      #{id}
    </span>
  );
}
