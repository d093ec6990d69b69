import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { accountName, signOut, type AuthUser } from '../features/auth/authSlice.ts';
import { useAppDispatch } from './hooks.ts';

function UserIcon() {
  return (
    <svg
      className="account-menu__icon"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      aria-hidden="true"
    >
      <circle cx="12" cy="8" r="4" fill="currentColor" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="currentColor" />
    </svg>
  );
}

export default function AccountMenu({ user }: { user: AuthUser }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [photoFailed, setPhotoFailed] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  useEffect(() => setPhotoFailed(false), [user.photoURL]);

  // Sign-out returns to / (docs/product.md §2). Navigations are transitions that wait for the next page's
  // code, so signing out first would let a protected page still on screen send the user to /login.
  useEffect(() => {
    if (!signingOut || pathname !== '/') return;
    setSigningOut(false);
    dispatch(signOut());
  }, [signingOut, pathname, dispatch]);

  const handleSignOut = () => {
    setOpen(false);
    setSigningOut(true);
    navigate('/');
  };

  return (
    <div className="account-menu" ref={container}>
      <button
        type="button"
        className="account-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {user.photoURL && !photoFailed ? (
          <img
            className="account-menu__photo"
            src={user.photoURL}
            alt=""
            width={28}
            height={28}
            onError={() => setPhotoFailed(true)}
          />
        ) : (
          <UserIcon />
        )}
        <span>Signed in as {accountName(user)}</span>
      </button>
      {open && (
        <div className="account-menu__dropdown" id={menuId} role="menu">
          <div className="account-menu__identity">
            <strong>{user.displayName || 'User'}</strong>
            {user.email && <span>{user.email}</span>}
          </div>
          <Link role="menuitem" to="/profile" onClick={() => setOpen(false)}>
            Your Profile
          </Link>
          <Link role="menuitem" to="/orders" onClick={() => setOpen(false)}>
            Your Orders
          </Link>
          <Link role="menuitem" to="/sales" onClick={() => setOpen(false)}>
            Your Sales
          </Link>
          <Link role="menuitem" to="/saved-searches" onClick={() => setOpen(false)}>
            Saved Searches
          </Link>
          <Link role="menuitem" to="/holiday" onClick={() => setOpen(false)}>
            Holiday Mode
          </Link>
          <Link role="menuitem" to="/messages" onClick={() => setOpen(false)}>
            Your Messages
          </Link>
          <Link role="menuitem" to="/blocked-members" onClick={() => setOpen(false)}>
            Blocked Members
          </Link>
          <Link role="menuitem" to="/account/data" onClick={() => setOpen(false)}>
            Your Data
          </Link>
          <Link role="menuitem" to="/account/notices" onClick={() => setOpen(false)}>
            Notices
          </Link>
          <Link role="menuitem" to="/account/reports" onClick={() => setOpen(false)}>
            Your Reports
          </Link>
          <button role="menuitem" type="button" onClick={handleSignOut}>
            Sign Out
          </button>
        </div>
      )}
    </div>
  );
}
