import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageSkeleton } from '../components/Skeleton.tsx';
import Layout from './Layout.tsx';
import RequireAuth from './RequireAuth.tsx';

const HomePage = lazy(() => import('../features/home/HomePage.tsx'));
const CataloguePage = lazy(() => import('../features/catalogue/CataloguePage.tsx'));
const ProductDetailPage = lazy(() => import('../features/product/ProductDetailPage.tsx'));
const SearchResultsPage = lazy(() => import('../features/search/SearchResultsPage.tsx'));
const CartPage = lazy(() => import('../features/cart/CartPage.tsx'));
const WishlistPage = lazy(() => import('../features/wishlist/WishlistPage.tsx'));
const CheckoutPage = lazy(() => import('../features/checkout/CheckoutPage.tsx'));
const OrderConfirmationPage = lazy(() => import('../features/orders/OrderConfirmationPage.tsx'));
const OrdersPage = lazy(() => import('../features/orders/OrdersPage.tsx'));
const PayOrderPage = lazy(() => import('../features/checkout/PayOrderPage.tsx'));
const SavedSearchesPage = lazy(() => import('../features/social/SavedSearchesPage.tsx'));
const BlockedMembersPage = lazy(() => import('../features/social/BlockedMembersPage.tsx'));
const HolidayPage = lazy(() => import('../features/holiday/HolidayPage.tsx'));
const NotificationsPage = lazy(() => import('../features/notifications/NotificationsPage.tsx'));
const UnsubscribePage = lazy(() => import('../features/newsletter/UnsubscribePage.tsx'));
const SalesPage = lazy(() => import('../features/shipments/SalesPage.tsx'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage.tsx'));
const CreateListingPage = lazy(() => import('../features/listings/CreateListingPage.tsx'));
const UpdateListingPage = lazy(() => import('../features/listings/UpdateListingPage.tsx'));
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage.tsx'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage.tsx'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage.tsx'));
const SellerProfilePage = lazy(() => import('../features/reviews/SellerProfilePage.tsx'));
const ShipmentReviewPage = lazy(() => import('../features/reviews/ShipmentReviewPage.tsx'));
const MessagesPage = lazy(() => import('../features/messages/MessagesPage.tsx'));
const ConversationPage = lazy(() => import('../features/messages/ConversationPage.tsx'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage.tsx'));
const AccountDataPage = lazy(() => import('../features/account/AccountDataPage.tsx'));
const AccountDeletedPage = lazy(() => import('../features/account/AccountDeletedPage.tsx'));
const OpsPage = lazy(() => import('../features/ops/OpsPage.tsx'));
const ModerationPage = lazy(() => import('../features/moderation/ModerationPage.tsx'));
const NoticesPage = lazy(() => import('../features/moderation/NoticesPage.tsx'));
const MyReportsPage = lazy(() => import('../features/moderation/MyReportsPage.tsx'));
// The help pages share one chunk: each is small, and a reader often opens several.
const helpPage = (name: keyof typeof import('../features/help/HelpPages.tsx')) =>
  lazy(() => import('../features/help/HelpPages.tsx').then((pages) => ({ default: pages[name] })));
const FaqPage = helpPage('FaqPage');
const TermsPage = helpPage('TermsPage');
const PrivacyPage = helpPage('PrivacyPage');
const ContactPage = helpPage('ContactPage');
const SupportPage = helpPage('SupportPage');

/**
 * `short`: a page usually shorter than the screen (its placeholder keeps the footer at the foot of
 * the window rather than below the fold).
 */
function page(Page: LazyExoticComponent<ComponentType>, protectedRoute = false, short = false) {
  const content = (
    <Suspense fallback={<PageSkeleton short={short} />}>
      <Page />
    </Suspense>
  );
  return protectedRoute ? <RequireAuth>{content}</RequireAuth> : content;
}

/** docs/product.md §2 route table. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Layout />}>
        <Route index element={page(HomePage)} />
        <Route path="products" element={page(CataloguePage)} />
        <Route path="products/:productId" element={page(ProductDetailPage)} />
        <Route path="search" element={page(SearchResultsPage)} />
        <Route path="cart" element={page(CartPage, false, true)} />
        <Route path="wishlist" element={page(WishlistPage, false, true)} />
        <Route path="checkout" element={page(CheckoutPage, true)} />
        <Route path="order-confirmation/:orderId" element={page(OrderConfirmationPage)} />
        <Route path="create-listing" element={page(CreateListingPage, true)} />
        <Route path="update-listing/:id" element={page(UpdateListingPage, true)} />
        <Route path="profile" element={page(ProfilePage, true, true)} />
        <Route path="orders" element={page(OrdersPage, true)} />
        <Route path="orders/:orderId/pay" element={page(PayOrderPage, true)} />
        <Route path="unsubscribe" element={page(UnsubscribePage, false, true)} />
        <Route path="faq" element={page(FaqPage)} />
        <Route path="terms" element={page(TermsPage)} />
        <Route path="privacy" element={page(PrivacyPage)} />
        <Route path="contact" element={page(ContactPage)} />
        <Route path="support" element={page(SupportPage, false, true)} />
        <Route path="sales" element={page(SalesPage, true)} />
        <Route path="notifications" element={page(NotificationsPage, true)} />
        <Route path="saved-searches" element={page(SavedSearchesPage, true)} />
        <Route path="blocked-members" element={page(BlockedMembersPage, true, true)} />
        <Route path="holiday" element={page(HolidayPage, true, true)} />
        <Route path="messages" element={page(MessagesPage, true)} />
        <Route path="messages/:conversationId" element={page(ConversationPage, true)} />
        <Route path="sellers/:uid" element={page(SellerProfilePage)} />
        <Route path="shipments/:shipmentId/review" element={page(ShipmentReviewPage, true, true)} />
        <Route path="account/data" element={page(AccountDataPage, true)} />
        <Route path="account/deleted" element={page(AccountDeletedPage, false, true)} />
        <Route path="ops/*" element={page(OpsPage, true)} />
        <Route path="moderation/*" element={page(ModerationPage, true)} />
        <Route path="account/notices" element={page(NoticesPage, true, true)} />
        <Route path="account/notices/:decisionId" element={page(NoticesPage, true)} />
        <Route path="account/reports" element={page(MyReportsPage, true, true)} />
        <Route path="*" element={page(NotFoundPage, false, true)} />
      </Route>
      <Route path="/login" element={page(LoginPage, false, true)} />
      <Route path="/register" element={page(RegisterPage, false, true)} />
      <Route path="/forgot-password" element={page(ForgotPasswordPage, false, true)} />
      <Route path="/reset-password" element={page(ResetPasswordPage, false, true)} />
    </Routes>
  );
}
