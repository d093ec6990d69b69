/**
 * The help pages the footer, the order page and the sign-in form link to (docs/product.md §2.22):
 * what this marketplace actually does, in its own terms. Rewear is a demo store: orders placed
 * here are not fulfilled, and the pages say so wherever it matters.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice, LIMITS } from '@rewear/contracts';
import ContactForm from '../contact/ContactForm.tsx';
import { days, PROBLEM_WINDOW_DAYS, SHIP_WITHIN_DAYS } from './policies.ts';
import './help.css';

const SOURCE_CODE_URL = 'https://github.com/rewear/rewear';
const ISSUES_URL = `${SOURCE_CODE_URL}/issues`;
const HOLD_MINUTES = Math.round(LIMITS.reservationTtlMs / 60_000);

function HelpPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="help-page">
      <h1>{title}</h1>
      <p className="help-page__intro">{intro}</p>
      <nav aria-label="Help pages">
        <ul className="help-page__nav">
          <li>
            <Link to="/support">Help centre</Link>
          </li>
          <li>
            <Link to="/faq">FAQ</Link>
          </li>
          <li>
            <Link to="/contact">Contact Us</Link>
          </li>
          <li>
            <Link to="/terms">Terms of Service</Link>
          </li>
          <li>
            <Link to="/privacy">Privacy Policy</Link>
          </li>
        </ul>
      </nav>
      {children}
    </article>
  );
}

function Question({ q, children }: { q: string; children: ReactNode }) {
  return (
    <>
      <h3>{q}</h3>
      {children}
    </>
  );
}

export function FaqPage() {
  return (
    <HelpPage
      title="Frequently asked questions"
      intro="Buying, selling, paying and returns on Rewear, as the store works today."
    >
      <section aria-labelledby="faq-buying">
        <h2 id="faq-buying">Buying</h2>
        <Question q="Do I need an account to shop?">
          <p>
            No: anyone can browse, search and fill a cart. The cart is kept in your browser and
            carried over to your account when you sign in or register; if an item sold out or was
            removed meanwhile, we tell you which one. Checkout and the wishlist need an account.
          </p>
        </Question>
        <Question q="What happens when I place an order?">
          <p>
            The items are held for you for {HOLD_MINUTES} minutes while you pay. Once the payment
            succeeds the order is placed and the items are sold to you; nobody else can buy them. If
            you do not pay in time, the order expires and the items go back on sale.
          </p>
        </Question>
        <Question q="I left the payment step. Can I still pay?">
          <p>
            Yes, while the items are still held: <Link to="/orders">My Orders</Link> lists the order
            under "Awaiting payment" with a Pay now button and the time the hold ends.
          </p>
        </Question>
        <Question q="What does delivery cost, and is there tax?">
          <p>
            Shipping is free on every order and no tax is added: you pay the total shown in your
            cart.
          </p>
        </Question>
        <Question q="Will my order be delivered?">
          <p>
            Not for real: Rewear is a demo marketplace and, as the banner at the top says, nothing
            bought here is sent. The rest works as it would in a real store: the seller records the
            shipping in the app (carrier and tracking number), and delivery, cancellations, returns
            and refunds follow the rules below, with test payments.
          </p>
        </Question>
      </section>

      <section aria-labelledby="faq-selling">
        <h2 id="faq-selling">Selling</h2>
        <Question q="How do I sell an item?">
          <p>
            Sign in and choose <Link to="/create-listing">Sell</Link>: describe the item (title,
            description, price), pick its category, brand and condition, then add a picture, colors
            and sizes. The listing appears in the catalogue and in search right away.
          </p>
        </Question>
        <Question q="How do I change or remove a listing?">
          <p>
            Open the listing: as its seller you see Edit and Delete on its page. Your{' '}
            <Link to="/profile">profile</Link> lists all your listings with the same actions. Only
            you can change or delete your listings.
          </p>
        </Question>
        <Question q="What happens when my item sells?">
          <p>
            You are notified and the sale appears on <Link to="/sales">My Sales</Link>. Ship it
            within {days(SHIP_WITHIN_DAYS)} of the payment and enter the carrier and tracking
            number; otherwise the sale is cancelled and the buyer refunded. The money is held
            (Pending) until the buyer confirms all is well, or {days(PROBLEM_WINDOW_DAYS)} after
            delivery without a problem reported; then it is Available. If the buyer reports a
            problem, you accept the return (the buyer is refunded) or dispute it (the store's
            operators settle it).
          </p>
          <p>
            Its stock goes down; a listing with nothing left shows "Out of Stock" and leaves the
            catalogue and search results.
          </p>
        </Question>
      </section>

      <section aria-labelledby="faq-payments">
        <h2 id="faq-payments">Payments</h2>
        <Question q="How do I pay?">
          <p>
            By card. Card details go to the payment processor, never to Rewear's own records. An
            order counts as paid only when the processor confirms the payment for that order's exact
            total.
          </p>
        </Question>
        <Question q="Which cards work in this demo?">
          <p>
            Stripe's test cards: 4242 4242 4242 4242 (any future date, any CVC) succeeds; 4000 0000
            0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds. No real money moves.
          </p>
        </Question>
        <Question q="My card was declined. Was I charged?">
          <p>
            No. A declined or failed payment charges nothing, and the order is marked "Payment
            failed" in My Orders; its items go back on sale. To retry, enter another card on the
            same checkout screen: the order is placed again for you and paid once.
          </p>
        </Question>
      </section>

      <section aria-labelledby="faq-returns">
        <h2 id="faq-returns">Returns</h2>
        <Question q="Can I cancel an order?">
          <p>
            Yes, until the seller ships it: choose Cancel order on its package in{' '}
            <Link to="/orders">My Orders</Link> or on the order's page. The package's amount is
            refunded to your card and its items go back on sale. An order with several sellers'
            items has a package per seller, each cancelled on its own. A seller who has not shipped
            within {days(SHIP_WITHIN_DAYS)} of your payment loses the sale: the package is cancelled
            and refunded by itself.
          </p>
        </Question>
        <Question q="Can I return an item?">
          <p>
            Yes, within {days(PROBLEM_WINDOW_DAYS)} after delivery: choose Report a problem on the
            package and say what is wrong (not as described, damaged, or not received). The money
            stays held while the seller answers. If they accept the return, you are refunded the
            package's amount; if they dispute it, the store's operators settle it, refunding you or
            paying the seller. Once {days(PROBLEM_WINDOW_DAYS)} after delivery have passed without a
            problem reported, the sale is final.
          </p>
        </Question>
        <Question q="What does buyer protection cover?">
          <p>
            The seller is not paid when you pay: the money is held until you confirm "Everything is
            OK", or until {days(PROBLEM_WINDOW_DAYS)} after delivery pass without a problem
            reported. Until then you can cancel (before it ships) or report a problem (after
            delivery), as above.
          </p>
          <p>
            You are charged only when your payment succeeds, only once per order and only the total
            you were shown; an order that fails or expires costs nothing, and a payment that arrives
            after its order expired is refunded.
          </p>
        </Question>
        <Question q="How do I get my money back?">
          <p>
            A refund goes back to the card you paid with, once, for the package's amount (the other
            sellers' packages of the order are not touched). My Orders and the order's page show it,
            and you get a notification. In this demo no real money moves.
          </p>
        </Question>
      </section>

      <section aria-labelledby="faq-account">
        <h2 id="faq-account">Your account</h2>
        <Question q="I forgot my password.">
          <p>
            Use <Link to="/forgot-password">Forgot password</Link>: enter your email and we send you
            a link to choose a new one. If you signed up with Google, sign in with Google instead.
          </p>
        </Question>
        <Question q="How do I stop the newsletter?">
          <p>
            <Link to="/unsubscribe">Unsubscribe here</Link> with the address it is sent to.
          </p>
        </Question>
      </section>
    </HelpPage>
  );
}

export function TermsPage() {
  return (
    <HelpPage
      title="Terms of Service"
      intro="The rules for using Rewear. By creating an account or placing an order you agree to them."
    >
      <h2>1. A demo marketplace</h2>
      <p>
        Rewear is a demonstration of a second-hand fashion marketplace. Orders placed here are not
        fulfilled: nothing is shipped, and test payments move no real money. Do not rely on the
        store to buy or sell real goods.
      </p>
      <h2>2. Accounts</h2>
      <p>
        You sign in with an email and password or a Google account. Keep your sign-in details to
        yourself; what is done with your account is your responsibility. One account holds one cart,
        one wishlist, your orders and your listings.
      </p>
      <h2>3. Listings</h2>
      <ul>
        <li>List only items you own and may sell, described truthfully, with your own pictures.</li>
        <li>
          Prices are in US dollars. You set the price and the stock; the store never sells more than
          the stock you set.
        </li>
        <li>
          Only you can edit or delete your listings. Listings that break these terms may be removed.
        </li>
      </ul>
      <h2>4. Orders and payment</h2>
      <ul>
        <li>
          Prices are those of the listings when you order; if a price changes before you order, you
          are asked to order again at the new price.
        </li>
        <li>
          An order holds its items for {HOLD_MINUTES} minutes. It is placed when the payment
          processor confirms your payment of its total; unpaid orders expire and their items go back
          on sale.
        </li>
        <li>Shipping is free and no tax is added: the total is the sum of the items' prices.</li>
      </ul>
      <h2>5. Shipping, cancellations and returns</h2>
      <ul>
        <li>
          A paid order's seller ships within {days(SHIP_WITHIN_DAYS)}; otherwise that seller's part
          of the order is cancelled and refunded.
        </li>
        <li>The buyer may cancel a part that has not shipped; it is refunded.</li>
        <li>
          Buyer protection: the seller is paid once the buyer confirms all is well, or{' '}
          {days(PROBLEM_WINDOW_DAYS)} after delivery. Within those {days(PROBLEM_WINDOW_DAYS)} the
          buyer may report a problem; the seller then accepts the return (the buyer is refunded) or
          disputes it, and the store's operators settle the dispute for one side or the other.
        </li>
      </ul>
      <h2>6. Fair use</h2>
      <p>
        Do not disrupt the store, try to reach other people's data, or send requests faster than a
        person would; the store limits how many changes each address and account can make per
        minute.
      </p>
      <h2>7. No warranty</h2>
      <p>
        The store is provided as it is, without any warranty, and may change or stop at any time.
        Changes to these terms are published on this page.
      </p>
    </HelpPage>
  );
}

export function PrivacyPage() {
  return (
    <HelpPage
      title="Privacy Policy"
      intro="What Rewear keeps about you, why, and where it is kept."
    >
      <h2>What we keep</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your email address and display name (and your photo if you
          sign in with Google), held by our sign-in provider, Firebase Authentication, and in the
          store's records to show your name on your listings.
        </li>
        <li>
          <strong>Your activity:</strong> your listings, cart, wishlist and likes, and your orders
          with the shipping name, address and email you gave at checkout.
        </li>
        <li>
          <strong>The newsletter:</strong> the email address you subscribed, until you{' '}
          <Link to="/unsubscribe">unsubscribe</Link>.
        </li>
        <li>
          <strong>Messages to us:</strong> what you write with the{' '}
          <Link to="/contact">contact form</Link>, with the topic, the name and the email address
          you give (or your account's), read by the store's operators to answer you.
        </li>
        <li>
          <strong>Requests:</strong> the network address each change comes from, counted for a short
          while to limit how many changes can be sent.
        </li>
      </ul>
      <h2>What we do not keep</h2>
      <p>
        Card details go straight to the payment processor (Stripe, or in this demo a simulated
        processor that does not store them); the store only records whether a payment succeeded. We
        do not sell or share your data, and we show no advertising.
      </p>
      <h2>In your browser</h2>
      <p>
        The store keeps your cart in your browser's local storage (so it survives a reload before
        you sign in) and a note that you are signed in, so pages open faster; the sign-in provider
        keeps your session there too. There are no tracking cookies.
      </p>
      <h2>Your choices</h2>
      <p>
        You can delete your listings, empty your cart and wishlist and unsubscribe from the
        newsletter yourself. To ask about anything else we hold, write to us from{' '}
        <Link to="/contact">Contact Us</Link>.
      </p>
    </HelpPage>
  );
}

export function ContactPage() {
  return (
    <HelpPage
      title="Contact Us"
      intro="Write to the store's operators with the form below, or find the quicker answer for an order or a listing."
    >
      <section aria-labelledby="contact-form-title">
        <h2 id="contact-form-title">Send us a message</h2>
        <p>
          Say what it is about and what happened. The store's operators read every message and reply
          by email; you do not need an account, only an address to reply to.
        </p>
        <ContactForm />
      </section>
      <h2>About an order</h2>
      <p>
        <Link to="/orders">My Orders</Link> shows every order with its status; an unpaid order can
        be paid from there while its items are held. Each order's page has its items, total and
        shipping address, and each package's buttons: Cancel order before it ships, Report a problem
        after delivery.
      </p>
      <h2>About a listing</h2>
      <p>
        Ask its seller: Message the seller or Make an offer on the listing's page. Sellers edit or
        delete their own listings from the listing's page or their{' '}
        <Link to="/profile">profile</Link>.
      </p>
      <h2>A bug in the store</h2>
      <p>
        The source code is public: you can also report it in the store's{' '}
        <a href={ISSUES_URL} target="_blank" rel="noreferrer">
          issue tracker
        </a>
        , saying what you did and what you saw. Do not post passwords or card numbers there, nor in
        a message.
      </p>
      <h2>Common questions</h2>
      <p>
        Buying, selling, payments, cancellations and returns: see the <Link to="/faq">FAQ</Link>.
      </p>
    </HelpPage>
  );
}

export function SupportPage() {
  return (
    <HelpPage title="Help centre" intro="Find an answer, or the place to ask.">
      <ul>
        <li>
          <Link to="/faq">Frequently asked questions</Link>: buying, selling, payments and returns.
        </li>
        <li>
          <Link to="/orders">My Orders</Link>: the status of your orders, and paying one you left
          unpaid.
        </li>
        <li>
          <Link to="/wishlist">Wishlist</Link> and <Link to="/cart">cart</Link>: what you saved and
          what you are about to buy ({formatPrice(0)} tax, free shipping).
        </li>
        <li>
          <Link to="/unsubscribe">Unsubscribe</Link> from the newsletter.
        </li>
        <li>
          <Link to="/contact">Contact Us</Link>, the <Link to="/terms">Terms of Service</Link> and
          the <Link to="/privacy">Privacy Policy</Link>.
        </li>
      </ul>
    </HelpPage>
  );
}
