/** After the account's deletion: signed out, and told what happened. */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks.ts';
import { signOut } from '../auth/authSlice.ts';
import '../auth/account.css';

export default function AccountDeletedPage() {
  const dispatch = useAppDispatch();
  // The sign-in no longer exists: forget it here, on a page that needs none.
  useEffect(() => {
    dispatch(signOut());
  }, [dispatch]);
  return (
    <div className="rw-page container">
      <div className="rw-card" role="status">
        <h1>Your account has been deleted</h1>
        <p>
          Your listings were removed and your personal data erased. Thank you for having been part
          of Rewear.
        </p>
        <Link className="button button--primary" to="/">
          Back to the shop
        </Link>
      </div>
    </div>
  );
}
