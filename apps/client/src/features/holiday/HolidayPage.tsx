/**
 * Holiday mode (docs/product.md §14.6), in the account area: the seller chooses the first day
 * away and the day they are back (at most 90 days); their listings leave the catalogue, search,
 * collections and alerts meanwhile, and buyers see until when they are away. 'End now' brings
 * the listings back at once.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { HOLIDAY_MAX_DAYS } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import {
  holidayEndRequested,
  holidayRequested,
  holidaySetRequested,
  selectHoliday,
} from './holidaySlice.ts';
import './feature.ts';
import '../auth/account.css';
import './holiday.css';

const DAY_MS = 86_400_000;
const dayFrom = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

export default function HolidayPage() {
  const dispatch = useAppDispatch();
  const { status, holiday, saving, error } = useAppSelector(selectHoliday);
  const [from, setFrom] = useState(dayFrom(0));
  const [until, setUntil] = useState(dayFrom(7));

  useEffect(() => {
    dispatch(holidayRequested());
  }, [dispatch]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(holidaySetRequested({ from, until }));
  };

  return (
    <div className="rw-page container holiday">
      <h1>Holiday mode</h1>
      <p className="muted">
        Going away? Your listings are hidden from the catalogue, search and alerts while you are
        away (at most {HOLIDAY_MAX_DAYS} days), and buyers see when you are back. They come back by
        themselves on your return date.
      </p>
      <p role="status" data-testid="holiday-state">
        {status !== 'loaded'
          ? 'Loading your holiday mode...'
          : !holiday
            ? 'Holiday mode is off.'
            : holiday.started
              ? `You are away until ${holiday.until}. Your listings are hidden.`
              : `You will be away from ${holiday.from} until ${holiday.until}.`}
      </p>
      {error && (
        <p className="rw-alert rw-alert--error" role="alert">
          {error}
        </p>
      )}
      <form className="rw-card rw-form" onSubmit={submit} aria-label="Holiday dates">
        <div className="rw-form__grid">
          <div className="rw-field">
            <label htmlFor="holiday-from">First day away</label>
            <input
              id="holiday-from"
              type="date"
              required
              min={dayFrom(0)}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </div>
          <div className="rw-field">
            <label htmlFor="holiday-until">Back on</label>
            <input
              id="holiday-until"
              type="date"
              required
              min={from}
              value={until}
              onChange={(e) => setUntil(e.target.value)}
            />
          </div>
        </div>
        <div className="holiday__actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {holiday ? 'Change dates' : 'Turn on'}
          </button>
          {holiday && (
            <button
              type="button"
              className="button button--secondary"
              disabled={saving}
              onClick={() => dispatch(holidayEndRequested())}
            >
              End now
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
