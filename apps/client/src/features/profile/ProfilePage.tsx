import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.ts';
import { selectUser } from '../auth/authSlice.ts';
import MyListings from './MyListings.tsx';
import '../auth/account.css';
import './profile.css';

/** Display name, else the part of the email before the at-sign, else 'User' (docs/product.md §2 Profile). */
export function profileName(user: { displayName: string | null; email: string | null }): string {
  if (user.displayName?.trim()) return user.displayName.trim();
  const local = user.email?.split('@')[0];
  return local || 'User';
}

export default function ProfilePage() {
  const user = useAppSelector(selectUser);
  const [photoFailed, setPhotoFailed] = useState(false);

  if (!user) {
    return (
      <div className="rw-page container rw-empty">
        <h1>Sign in to view profile</h1>
        <p className="rw-muted">Access your profile, listings, and account settings.</p>
        <Link to="/login" className="button button--primary">
          Sign In
        </Link>
      </div>
    );
  }

  const name = profileName(user);
  // docs/product.md §2: 'Member since' shows the current month and year, not the real join date.
  const memberSince = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric' });

  return (
    <div className="rw-page container">
      <section className="rw-card rw-profile" aria-labelledby="profile-name">
        {user.photoURL && !photoFailed ? (
          <img
            className="rw-profile__photo"
            src={user.photoURL}
            alt={`${name}'s photo`}
            width={88}
            height={88}
            referrerPolicy="no-referrer"
            onError={() => setPhotoFailed(true)}
          />
        ) : (
          <span
            className="rw-profile__photo rw-profile__placeholder"
            role="img"
            aria-label="Profile photo placeholder"
          >
            {name.charAt(0).toUpperCase()}
          </span>
        )}
        <div>
          <h1 id="profile-name">{name}</h1>
          {user.email && <p className="rw-muted">{user.email}</p>}
          <p className="rw-muted">Member since {memberSince}</p>
        </div>
      </section>
      <MyListings uid={user.uid} />
    </div>
  );
}
