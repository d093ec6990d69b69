/**
 * "Report": a small button on a listing, a member's profile and another member's message. The
 * dialog's code (and moderation's state) load the first time it opens.
 */
import { lazy, Suspense, useState } from 'react';
import type { ReportTarget } from './types.ts';

const ReportDialog = lazy(() => import('./ReportDialog.tsx'));

interface Props {
  target: ReportTarget;
  /** What is reported, for the button's accessible name and the dialog's title: 'this listing'. */
  subject: string;
  className?: string;
}

export default function ReportButton({ target, subject, className }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className ?? 'link-button rw-report-button'}
        aria-label={`Report ${subject}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Report
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog target={target} subject={subject} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
