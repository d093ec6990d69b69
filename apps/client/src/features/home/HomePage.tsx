import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import Carousel from '../../components/Carousel.tsx';
import Price from '../../components/Price.tsx';
import { CarouselSkeleton } from '../../components/Skeleton.tsx';
import { useWhenNear } from '../../components/useWhenNear.ts';
import { CartControls } from '../cart/CartControls.tsx';
import { selectIsSignedIn } from '../auth/authSlice.ts';
import NewsletterForm from '../newsletter/NewsletterForm.tsx';
import { spotlightBrands } from './homeSaga.ts';
import { homeRequested, selectHome } from './homeSlice.ts';
import ProductCarouselSection from './ProductCarouselSection.tsx';
import FollowedSellersRow from '../social/FollowedSellersRow.tsx';
import './home.css';

const CATEGORIES_PER_VIEW = 4;

function FeaturedSkeleton() {
  return (
    <div className="featured__card" aria-hidden="true">
      <div className="featured__image">
        <div className="featured__picture skeleton" />
      </div>
      <div className="featured__body featured__body--skeleton">
        <span className="skeleton-text skeleton" style={{ width: '20%' }} />
        <span className="skeleton-text skeleton" style={{ width: '60%', height: '1.4em' }} />
        <span className="skeleton-text skeleton" />
        <span className="skeleton-text skeleton" style={{ width: '80%' }} />
        <span className="skeleton-text skeleton" style={{ width: '30%' }} />
      </div>
    </div>
  );
}

export default function HomePage() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const home = useAppSelector(selectHome);
  const signedIn = useAppSelector(selectIsSignedIn);
  const loading = home.status !== 'ready';
  // The spotlight brands are a fixed list: their tiles show at once, the logos join them.
  const brands = loading ? spotlightBrands([]) : home.brands;
  const [featuredRef, featuredNear] = useWhenNear<HTMLElement>(1500);

  useEffect(() => {
    dispatch(homeRequested());
  }, [dispatch]);

  return (
    <div className="home" aria-busy={loading}>
      {loading && (
        <p className="visually-hidden" role="status">
          Loading...
        </p>
      )}
      <section className="hero" aria-labelledby="hero-title">
        <p className="hero__sale">Sitewide sale: up to 70% off</p>
        <h1 id="hero-title">Pre-loved fashion, new favourites</h1>
        <p className="hero__tagline">
          Rewear is a modern marketplace application for buying and selling second-hand clothing.
        </p>
        <div className="hero__actions">
          <Link className="button button--primary" to="/products">
            Shop
          </Link>
          {signedIn ? (
            <Link className="button button--secondary" to="/create-listing">
              Sell
            </Link>
          ) : (
            <Link className="button button--secondary" to="/login" state={{ from: location }}>
              Sell
            </Link>
          )}
        </div>
      </section>

      <section className="home-section" aria-labelledby="categories-title">
        <div className="home-section__header">
          <h2 id="categories-title">Shop by Category</h2>
          <Link to="/products">View All</Link>
        </div>
        {loading ? (
          <CarouselSkeleton kind="categories" />
        ) : home.categories.length === 0 ? (
          <p className="empty-state">No categories found.</p>
        ) : (
          <Carousel
            label="Categories"
            kind="categories"
            items={home.categories}
            getKey={(category) => category.id}
            renderItem={(category, index) => (
              <Link
                className="category-tile"
                to={`/products?category=${encodeURIComponent(category.name)}`}
              >
                {/* The first screenful is above the fold (4 tiles on wide screens); the first tile is
                    the largest paint of the page. */}
                <img
                  src={category.image}
                  alt=""
                  width={240}
                  height={180}
                  loading={index < CATEGORIES_PER_VIEW ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : undefined}
                />
                <span className="category-tile__name">{category.name}</span>
                <span className="category-tile__count">{category.itemCount} items</span>
              </Link>
            )}
          />
        )}
      </section>

      <section className="home-section" aria-labelledby="brands-title">
        <div className="home-section__header">
          <h2 id="brands-title">Top Brands</h2>
        </div>
        <ul className="brand-grid">
          {brands.map((brand) => (
            <li key={brand.name}>
              <Link className="brand-tile" to={`/products?brand=${encodeURIComponent(brand.name)}`}>
                <span className="brand-tile__logo">
                  {brand.image ? <img src={brand.image} alt="" width={64} height={64} /> : null}
                </span>
                <span>{brand.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <FollowedSellersRow />

      <ProductCarouselSection
        title="Most Popular This Week"
        viewAllHref="/products?sort=popular"
        products={home.popular}
        loading={loading}
      />
      {/* Below the fold on most screens: rendered as they come near (or soon after the load), one at
          a time, so the first screen renders without them. */}
      <ProductCarouselSection
        title="Lowest Prices"
        viewAllHref="/products?sort=price_low"
        products={home.lowestPrices}
        loading={loading}
        deferUntilNearOrMs={1000}
      />

      <section className="home-section featured" aria-labelledby="featured-title" ref={featuredRef}>
        <h2 id="featured-title">Product of the Day</h2>
        {loading || !featuredNear ? (
          <FeaturedSkeleton />
        ) : home.featured ? (
          <div className="featured__card">
            <Link to={`/products/${home.featured.product_id}`} className="featured__image">
              <img
                src={home.featured.image}
                alt={home.featured.title}
                width={420}
                height={420}
                loading="lazy"
              />
            </Link>
            <div className="featured__body">
              <p className="product-card__brand">{home.featured.brand_name}</p>
              <h3>
                <Link to={`/products/${home.featured.product_id}`}>{home.featured.title}</Link>
              </h3>
              <p>{home.featured.description}</p>
              <p className="muted">Condition: {home.featured.condition_name || 'Excellent'}</p>
              <Price price={home.featured.price} originalPrice={home.featured.original_price} />
              <CartControls product={home.featured} />
            </div>
          </div>
        ) : (
          <p className="empty-state">No featured product available</p>
        )}
      </section>

      {/* docs/product.md §2: New Arrivals' View All also goes to the lowest prices. */}
      <ProductCarouselSection
        title="New Arrivals"
        viewAllHref="/products?sort=price_low"
        products={home.newArrivals}
        loading={loading}
        deferUntilNearOrMs={2000}
      />

      {!signedIn && (
        <section className="join" aria-labelledby="join-title">
          <h2 id="join-title">Join the Rewear community</h2>
          <p>Save favourites, check out faster and sell what you no longer wear.</p>
          <div className="hero__actions">
            <Link className="button button--primary" to="/login" state={{ from: location }}>
              Sign In
            </Link>
            <Link className="button button--secondary" to="/register">
              Create Account
            </Link>
          </div>
        </section>
      )}

      <NewsletterForm />
    </div>
  );
}
