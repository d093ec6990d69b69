import { lazy, Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { selectAuth } from '../features/auth/authSlice.ts';
import {
  dismissCartError,
  selectCart,
  selectCartLineCount,
  selectDrawerOpen,
  toggleDrawer,
} from '../features/cart/cartSlice.ts';
import { selectWishlistCount } from '../features/wishlist/wishlistSlice.ts';
import SearchBox from '../features/search/SearchBox.tsx';
import AccountMenu from './AccountMenu.tsx';
import NotificationBell from '../features/notifications/NotificationBell.tsx';
import FlashBanner from '../components/FlashBanner.tsx';
import CartMergeNotice from '../features/cart/CartMergeNotice.tsx';
import OutboxStatus from '../features/outbox/OutboxStatus.tsx';
import { outboxNoticeDismissed, selectOutbox } from '../features/outbox/outboxSlice.ts';
import { useAppDispatch, useAppSelector } from './hooks.ts';

// The drawer's code loads the first time it opens.
const CartDrawer = lazy(() => import('../features/cart/CartDrawer.tsx'));
// A signed-in member's standing (suspended, banned): its code loads with the session.
const StandingBanner = lazy(() => import('../features/moderation/StandingBanner.tsx'));

const SOURCE_CODE_URL = 'https://github.com/rewear/rewear';

function HeartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3.1 4.5 6.8 4.5c2.1 0 3.6 1.1 5.2 3 1.6-1.9 3.1-3 5.2-3 3.7 0 5.9 3.7 4.4 7.2C19.5 16.4 12 21 12 21z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}

function BagIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d="M6 7h12l1 14H5L6 7z" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M9 7a3 3 0 0 1 6 0" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

export default function Layout() {
  const auth = useAppSelector(selectAuth);
  const cartLines = useAppSelector(selectCartLineCount);
  const wishlistCount = useAppSelector(selectWishlistCount);
  const drawerOpen = useAppSelector(selectDrawerOpen);
  const { error: cartError, status: cartStatus } = useAppSelector(selectCart);
  const outboxNotice = useAppSelector(selectOutbox).notice;
  // One message at a time in the toast: the cart's own first, then what a replay could not do.
  const toast = cartError
    ? { text: cartError, dismiss: dismissCartError }
    : outboxNotice
      ? { text: outboxNotice, dismiss: outboxNoticeDismissed }
      : null;
  const dispatch = useAppDispatch();
  const location = useLocation();

  if (auth.status === 'loading') {
    // docs/product.md §2: the layout renders nothing until sign-in state is known; the home page says why.
    return location.pathname === '/' ? (
      <p className="app-loading" role="status">
        Loading your marketplace...
      </p>
    ) : null;
  }

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* Each part of the page sits in a landmark: the demo notice, the header (top bar, logo,
          search), the page, the footer. */}
      <section className="demo-banner" aria-label="Demo notice">
        <p role="note">This is a demo store: orders placed here will not be fulfilled.</p>
      </section>
      <header className="site-header">
        <div className="top-bar">
          <div className="top-bar__inner container">
            <div className="top-bar__account">
              {auth.user ? (
                <AccountMenu user={auth.user} />
              ) : (
                <span>
                  Welcome to Rewear!{' '}
                  <Link to="/login" state={{ from: location }}>
                    Login
                  </Link>{' '}
                  or <Link to="/register">Register</Link>
                </span>
              )}
            </div>
            <nav className="top-bar__actions" aria-label="Shortcuts">
              <Link to="/create-listing" className="top-bar__sell">
                Sell
              </Link>
              {auth.user && <NotificationBell />}
              <Link
                to="/wishlist"
                className="icon-button"
                aria-label={`Wishlist, ${wishlistCount} items`}
              >
                <HeartIcon />
                {wishlistCount > 0 && <span className="badge">{wishlistCount}</span>}
              </Link>
              <button
                type="button"
                className="icon-button"
                aria-label={`Cart, ${cartLines} ${cartLines === 1 ? 'item' : 'items'}`}
                // While the signed-in shopper's cart is read (after what the outbox kept is sent).
                aria-busy={cartStatus === 'loading'}
                onClick={() => dispatch(toggleDrawer())}
              >
                <BagIcon />
                {cartLines > 0 && <span className="badge">{cartLines}</span>}
              </button>
            </nav>
          </div>
        </div>
        <div className="site-header__inner container">
          <Link to="/" className="logo" aria-label="Rewear home">
            Re<span>wear</span>
          </Link>
          <SearchBox />
        </div>
      </header>
      <main id="main" className="site-main container">
        {auth.user && (
          <Suspense fallback={null}>
            <StandingBanner uid={auth.user.uid} />
          </Suspense>
        )}
        <FlashBanner />
        <CartMergeNotice />
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="site-footer__inner container">
          <nav aria-label="Legal">
            <Link to="/privacy">Privacy Policy</Link>
            <Link to="/terms">Terms of Service</Link>
            <Link to="/contact">Contact Us</Link>
            <Link to="/faq">FAQ</Link>
            <Link to="/support">Help</Link>
            <a href={SOURCE_CODE_URL} target="_blank" rel="noreferrer">
              Source code
            </a>
          </nav>
          <p>© {new Date().getFullYear()} Rewear. A modern marketplace application.</p>
        </div>
      </footer>
      <OutboxStatus />
      {toast && !drawerOpen && (
        <div className="toast" role="alert">
          <span>{toast.text}</span>
          <button
            type="button"
            className="icon-button"
            aria-label="Dismiss"
            onClick={() => dispatch(toast.dismiss())}
          >
            ×
          </button>
        </div>
      )}
      {drawerOpen && (
        <Suspense fallback={null}>
          <CartDrawer />
        </Suspense>
      )}
    </div>
  );
}
