import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense, type ReactElement } from 'react';
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { rootReducer } from './store.ts';
import { authStateChanged, signOut } from '../features/auth/authSlice.ts';
import Layout from './Layout.tsx';
import RequireAuth from './RequireAuth.tsx';

afterEach(cleanup);

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>login page, from {from}</p>;
}

function renderAt(path: string, signedIn: boolean | 'loading') {
  const store = configureStore({ reducer: rootReducer, middleware: (g) => g({ thunk: false }) });
  if (signedIn !== 'loading') {
    store.dispatch(
      authStateChanged(
        signedIn ? { uid: 'u1', email: 'amy@x.io', displayName: null, photoURL: null } : null,
      ),
    );
  }
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<Layout />}>
            <Route index element={<p>home</p>} />
            <Route
              path="orders"
              element={
                <RequireAuth>
                  <p>orders</p>
                </RequireAuth>
              }
            />
          </Route>
          <Route path="/login" element={<LoginProbe />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('shell', () => {
  it('shows only the loading text on the home page while sign-in state loads', () => {
    renderAt('/', 'loading');
    expect(screen.getByText('Loading your marketplace...')).toBeTruthy();
    expect(screen.queryByText('home')).toBeNull();
  });

  it('sends visitors from a protected route to /login remembering where they were going', () => {
    renderAt('/orders', false);
    expect(screen.getByText('login page, from /orders')).toBeTruthy();
  });

  it('lets a signed-in user through and names them in the top bar', () => {
    renderAt('/orders', true);
    expect(screen.getByText('orders')).toBeTruthy();
    expect(screen.getByText('Signed in as amy')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeTruthy();
  });

  it('signs out from a protected page to the home page, not to /login', async () => {
    // The home page's code arrives late, as a lazy route's does; sign-out completes at once.
    let showHome: (module: { default: () => ReactElement }) => void = () => {};
    const Home = lazy(
      () => new Promise<{ default: () => ReactElement }>((resolve) => (showHome = resolve)),
    );
    const instantSignOut: Middleware = (api) => (next) => (action) => {
      const result = next(action);
      if (signOut.match(action)) api.dispatch(authStateChanged(null));
      return result;
    };
    const store = configureStore({
      reducer: rootReducer,
      middleware: (g) => g({ thunk: false }).concat(instantSignOut),
    });
    store.dispatch(
      authStateChanged({ uid: 'u1', email: 'amy@x.io', displayName: null, photoURL: null }),
    );
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/orders']}>
          <Routes>
            <Route path="/" element={<Layout />}>
              <Route
                index
                element={
                  <Suspense fallback={<p>loading</p>}>
                    <Home />
                  </Suspense>
                }
              />
              <Route
                path="orders"
                element={
                  <RequireAuth>
                    <p>orders</p>
                  </RequireAuth>
                }
              />
            </Route>
            <Route path="/login" element={<LoginProbe />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Signed in as amy/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    await act(async () => {
      showHome({ default: () => <p>home</p> });
    });
    expect(await screen.findByText('home')).toBeTruthy();
    expect(store.getState().auth.status).toBe('signedOut');
    expect(screen.queryByText(/login page/)).toBeNull();
  });
});
