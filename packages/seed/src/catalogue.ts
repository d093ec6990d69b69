/**
 * The seed catalogue as plain data, from a seed value and a clock: brands, sellers, listings and
 * likes. Pure: the same options always give the same catalogue. `run.ts` turns it into commands.
 */
import { CATEGORIES, COLORS, CONDITIONS, SIZES, FAVOURED_CATEGORIES } from '@rewear/contracts';
import { garmentPicturePath, brandSlug } from '@rewear/images';
import { createRandom, type Random } from './random.ts';
import {
  ADJECTIVES,
  COLOR_WORDS,
  DESCRIPTION_DETAILS,
  DESCRIPTION_OPENERS,
  FIRST_NAMES,
  GARMENT_NOUNS,
  GARMENT_PICTURES,
  LAST_NAMES,
  SEED_BRANDS,
} from './vocabulary.ts';

export interface SeedOptions {
  seed: number;
  listings: number;
  sellers: number;
  /** The seed's "now": listings are spread over the 6 months before it. */
  now: Date;
}

export interface PlannedBrand {
  brandId: string;
  name: string;
  image: string;
}

export interface PlannedUser {
  uid: string;
  email: string;
  displayName: string;
  photoUrl: string | null;
}

export interface PlannedListing {
  listingId: string;
  createdAt: string;
  fields: {
    sellerId: string;
    sellerName: string;
    sellerPhoto: string | null;
    stock: number;
    title: string;
    description: string;
    priceCents: number;
    originalPriceCents: number | null;
    image: string;
    gallery: string[];
    brandId: string;
    categoryId: number;
    conditionIds: number[];
    sizeIds: number[];
    colorIds: number[];
  };
}

export interface PlannedLike {
  userId: string;
  productId: string;
  at: string;
}

export interface SeedPlan {
  brands: PlannedBrand[];
  users: PlannedUser[];
  /** In creation order. */
  listings: PlannedListing[];
  /** In time order. */
  likes: PlannedLike[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SPREAD_MS = 182 * DAY_MS;

/** Prices end the way people price things: whole dollars, .50 or .99. */
function friendlyCents(dollars: number, random: Random): number {
  const whole = Math.max(5, Math.min(400, Math.floor(dollars)));
  const ending = random.weighted([0, 50, 99], [5, 2, 3]);
  return Math.min(40000, whole * 100 + (whole === 400 ? 0 : ending));
}

function planUsers(random: Random, count: number): PlannedUser[] {
  const users: PlannedUser[] = [];
  for (let i = 0; i < count; i++) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    users.push({
      uid: `seed${random.id(24)}`,
      email: `${first}.${last}${i + 1}@example.com`.toLowerCase(),
      displayName: `${first} ${last}`,
      photoUrl: null,
    });
  }
  return users;
}

function planListing(
  random: Random,
  options: SeedOptions,
  brands: PlannedBrand[],
  sellers: PlannedUser[],
): PlannedListing {
  const category = random.weighted(
    CATEGORIES,
    CATEGORIES.map((c) => ((FAVOURED_CATEGORIES as readonly string[]).includes(c.name) ? 3 : 2)),
  );
  const candidates = SEED_BRANDS.map((b, i) => ({ b, i })).filter(({ b }) =>
    b.strong.includes(category.name),
  );
  const favoured = candidates.length > 0 && random.chance(0.8);
  const { b: seedBrand, i: brandIndex } = favoured
    ? random.pick(candidates)
    : (() => {
        const i = random.int(0, SEED_BRANDS.length - 1);
        return { b: SEED_BRANDS[i]!, i };
      })();
  const brand = brands[brandIndex]!;
  const color = random.pick(COLORS);
  const colorIds = [color.id];
  if (random.chance(0.2)) {
    const second = random.pick(COLORS);
    if (second.id !== color.id) colorIds.push(second.id);
  }
  const sizeIds =
    category.name === 'Bags' || category.name === 'Accessories' ? [] : [random.pick(SIZES).id];
  const condition = random.weighted(CONDITIONS, [2, 2, 4, 4, 1]);
  const noun = random.pick(GARMENT_NOUNS[category.name]!);
  const adjective = random.chance(0.55) ? `${random.pick(ADJECTIVES)} ` : '';
  const colorWord = random.chance(0.45) ? `${random.pick(COLOR_WORDS[color.name]!)} ` : '';
  const title = `${adjective}${seedBrand.name} ${colorWord}${noun}`;

  const [low, high] = seedBrand.band;
  // Log-uniform within the brand's band: many cheap items, fewer dear ones.
  const dollars = Math.exp(Math.log(low) + random.next() * (Math.log(high) - Math.log(low)));
  const priceCents = friendlyCents(dollars, random);
  const originalPriceCents = random.chance(0.35)
    ? Math.min(120000, Math.round((priceCents * (1.25 + random.next() * 2)) / 100) * 100)
    : null;
  const stock = random.chance(0.85) ? 1 : random.int(2, 5);
  const seller = random.pick(sellers);
  const createdAt = new Date(
    options.now.getTime() - Math.floor(random.next() * SPREAD_MS),
  ).toISOString();
  const description = [
    random.pick(DESCRIPTION_OPENERS),
    `${seedBrand.name} ${noun.toLowerCase()} in ${color.name}, condition: ${condition.description.toLowerCase()}.`,
    random.pick(DESCRIPTION_DETAILS),
    random.pick(DESCRIPTION_DETAILS),
  ].join(' ');
  // The picture shows the garment the title names, in its colour.
  const picture = GARMENT_PICTURES[noun]!;
  const image = garmentPicturePath(picture, color.name);
  const gallery =
    colorIds.length > 1
      ? colorIds.map((id) => garmentPicturePath(picture, COLORS[id - 1]!.name))
      : [];
  return {
    listingId: random.id(16),
    createdAt,
    fields: {
      sellerId: seller.uid,
      sellerName: seller.displayName,
      sellerPhoto: seller.photoUrl,
      stock,
      title,
      description,
      priceCents,
      originalPriceCents:
        originalPriceCents !== null && originalPriceCents > priceCents ? originalPriceCents : null,
      image,
      gallery,
      brandId: brand.brandId,
      categoryId: category.id,
      conditionIds: [condition.id],
      sizeIds,
      colorIds,
    },
  };
}

/** Most listings get a few likes, a few get many (a long tail). */
function likeCount(random: Random, maxLikes: number): number {
  const u = random.next();
  return Math.min(maxLikes, Math.floor(0.6 / Math.pow(1 - u * 0.995, 0.9) - 0.6));
}

export function planCatalogue(options: SeedOptions): SeedPlan {
  const random = createRandom(options.seed);
  const brands = SEED_BRANDS.map((b) => ({
    brandId: random.id(12),
    name: b.name,
    image: `/images/brands/${brandSlug(b.name)}.svg`,
  }));
  const users = planUsers(random, Math.max(2, options.sellers));
  const listings: PlannedListing[] = [];
  for (let i = 0; i < options.listings; i++)
    listings.push(planListing(random, options, brands, users));
  listings.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));

  const likes: PlannedLike[] = [];
  const nowMs = options.now.getTime();
  for (const listing of listings) {
    const count = likeCount(random, users.length - 1);
    const likers = new Set<string>();
    for (let tries = 0; likers.size < count && tries < count * 4; tries++) {
      const user = random.pick(users);
      if (user.uid !== listing.fields.sellerId) likers.add(user.uid);
    }
    const from = Date.parse(listing.createdAt);
    for (const userId of likers) {
      likes.push({
        userId,
        productId: listing.listingId,
        at: new Date(from + Math.floor(random.next() * (nowMs - from))).toISOString(),
      });
    }
  }
  likes.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return { brands, users, listings, likes };
}
