import { Link } from 'react-router-dom';
import type { Product } from '@rewear/contracts';
import Carousel from '../../components/Carousel.tsx';
import ProductCard from '../product/ProductCard.tsx';
import { CarouselSkeleton } from '../../components/Skeleton.tsx';
import { useWhenNear } from '../../components/useWhenNear.ts';

interface Props {
  title: string;
  viewAllHref: string;
  products: Product[];
  loading: boolean;
  category?: string;
  /** Below the fold: the slides render when the section comes near, or this long after the load. */
  deferUntilNearOrMs?: number;
}

export default function ProductCarouselSection({
  title,
  viewAllHref,
  products,
  loading,
  category,
  deferUntilNearOrMs,
}: Props) {
  const [sectionRef, near] = useWhenNear<HTMLElement>(
    deferUntilNearOrMs ?? 0,
    deferUntilNearOrMs !== undefined,
  );
  const headingId = `section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  // The carousel is the section's landmark, named by the heading (one region per title).
  return (
    <section className="home-section" ref={sectionRef}>
      <div className="home-section__header">
        <h2 id={headingId}>{title}</h2>
        <Link to={viewAllHref} aria-label={`View all: ${title}`}>
          View All
        </Link>
      </div>
      {loading || !near ? (
        <CarouselSkeleton />
      ) : products.length === 0 ? (
        <p className="empty-state">
          No products found{category ? ` in category "${category}"` : ''}
        </p>
      ) : (
        <Carousel
          label={title}
          labelledBy={headingId}
          items={products}
          getKey={(product) => product.product_id}
          renderItem={(product) => <ProductCard product={product} />}
        />
      )}
    </section>
  );
}
