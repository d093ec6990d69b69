import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import Spinner from '../components/Spinner.tsx';
import { selectAuthStatus } from '../features/auth/authSlice.ts';
import { useAppSelector } from './hooks.ts';

/** Protected routes: a spinner while sign-in state loads, else /login remembering where the user was going. */
export default function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAppSelector(selectAuthStatus);
  const location = useLocation();
  if (status === 'loading') return <Spinner label="Checking sign-in..." />;
  if (status === 'signedOut') return <Navigate to="/login" replace state={{ from: location }} />;
  return <>{children}</>;
}
