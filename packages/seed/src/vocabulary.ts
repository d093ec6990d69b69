/** Words the seed builds listings from: brands, garments per category, adjectives, names. */

export interface SeedBrand {
  name: string;
  /** Categories the brand mostly sells (by category name); empty = all. */
  strong: string[];
  /** Typical price band in dollars. */
  band: [number, number];
}

export const SEED_BRANDS: SeedBrand[] = [
  { name: 'Nike', strong: ['Shoes', 'Activewear', 'Tops', 'Outerwear'], band: [15, 180] },
  { name: 'Zara', strong: ['Dresses', 'Tops', 'Skirts', 'Outerwear', 'Jeans'], band: [10, 120] },
  { name: 'H&M', strong: ['Tops', 'Dresses', 'Knitwear', 'Jeans'], band: [5, 60] },
  { name: 'Gap', strong: ['Jeans', 'Tops', 'Knitwear', 'Outerwear'], band: [8, 80] },
  { name: 'Lululemon', strong: ['Activewear', 'Tops', 'Outerwear', 'Bags'], band: [25, 150] },
  { name: 'J.Crew', strong: ['Knitwear', 'Tops', 'Skirts', 'Outerwear'], band: [15, 140] },
  { name: 'Adidas', strong: ['Shoes', 'Activewear', 'Tops'], band: [15, 160] },
  { name: "Levi's", strong: ['Jeans', 'Outerwear', 'Tops'], band: [15, 120] },
  { name: 'Uniqlo', strong: ['Tops', 'Knitwear', 'Outerwear'], band: [5, 70] },
  { name: 'Patagonia', strong: ['Outerwear', 'Knitwear', 'Bags'], band: [30, 250] },
  { name: 'The North Face', strong: ['Outerwear', 'Bags', 'Activewear'], band: [30, 280] },
  { name: 'Mango', strong: ['Dresses', 'Skirts', 'Tops', 'Outerwear'], band: [10, 110] },
  { name: 'Madewell', strong: ['Jeans', 'Tops', 'Bags', 'Dresses'], band: [20, 150] },
  { name: 'Everlane', strong: ['Tops', 'Knitwear', 'Jeans', 'Shoes'], band: [15, 120] },
  { name: 'Free People', strong: ['Dresses', 'Tops', 'Skirts', 'Knitwear'], band: [20, 160] },
  { name: 'Anthropologie', strong: ['Dresses', 'Skirts', 'Accessories'], band: [20, 180] },
  { name: 'Banana Republic', strong: ['Outerwear', 'Tops', 'Knitwear', 'Skirts'], band: [15, 150] },
  {
    name: 'Ralph Lauren',
    strong: ['Tops', 'Knitwear', 'Outerwear', 'Accessories'],
    band: [20, 250],
  },
  { name: 'Tommy Hilfiger', strong: ['Tops', 'Outerwear', 'Bags'], band: [15, 150] },
  { name: 'Calvin Klein', strong: ['Tops', 'Jeans', 'Accessories'], band: [10, 140] },
  { name: 'Converse', strong: ['Shoes'], band: [15, 90] },
  { name: 'Vans', strong: ['Shoes', 'Tops', 'Bags'], band: [12, 90] },
  { name: 'Coach', strong: ['Bags', 'Accessories', 'Shoes'], band: [40, 400] },
  { name: 'Michael Kors', strong: ['Bags', 'Accessories', 'Shoes', 'Dresses'], band: [30, 350] },
];

export const GARMENT_NOUNS: Record<string, string[]> = {
  Tops: [
    'Crew Neck Tee',
    'Linen Shirt',
    'Silk Blouse',
    'Tank Top',
    'Oxford Shirt',
    'Polo Shirt',
    'Graphic Tee',
    'Wrap Top',
    'Henley',
  ],
  Dresses: [
    'Midi Dress',
    'Wrap Dress',
    'Slip Dress',
    'Maxi Dress',
    'Shirt Dress',
    'Sundress',
    'Cocktail Dress',
    'Knit Dress',
  ],
  Shoes: [
    'Running Sneakers',
    'Leather Boots',
    'Ankle Boots',
    'Loafers',
    'Ballet Flats',
    'High Tops',
    'Sandals',
    'Block Heels',
  ],
  Accessories: [
    'Wool Scarf',
    'Leather Belt',
    'Bucket Hat',
    'Beanie',
    'Sunglasses',
    'Silk Scarf',
    'Baseball Cap',
    'Statement Necklace',
  ],
  Outerwear: [
    'Denim Jacket',
    'Puffer Jacket',
    'Trench Coat',
    'Wool Coat',
    'Blazer',
    'Rain Jacket',
    'Bomber Jacket',
    'Fleece Jacket',
  ],
  Jeans: [
    'Straight Leg Jeans',
    'Skinny Jeans',
    'Mom Jeans',
    'Bootcut Jeans',
    'Wide Leg Jeans',
    'Boyfriend Jeans',
    'Denim Shorts',
  ],
  Skirts: [
    'Pleated Skirt',
    'Denim Skirt',
    'Midi Skirt',
    'Mini Skirt',
    'Wrap Skirt',
    'Maxi Skirt',
    'Pencil Skirt',
  ],
  Knitwear: [
    'Cable Knit Sweater',
    'Cashmere Jumper',
    'Cardigan',
    'Turtleneck',
    'Merino Sweater',
    'Chunky Knit',
    'Sweater Vest',
  ],
  Activewear: [
    'Yoga Leggings',
    'Sports Bra',
    'Running Shorts',
    'Training Tee',
    'Track Jacket',
    'Joggers',
    'Tennis Skirt',
  ],
  Bags: [
    'Tote Bag',
    'Backpack',
    'Crossbody Bag',
    'Clutch',
    'Shoulder Bag',
    'Belt Bag',
    'Weekender Bag',
  ],
};

/**
 * The drawing (packages/images' GARMENT_SLUGS) each garment is pictured with: its category's,
 * unless that shows another kind of garment (the Activewear drawing is leggings; a track jacket
 * is drawn as a jacket, running shorts as shorts). Every noun of GARMENT_NOUNS is here.
 */
export const GARMENT_PICTURES: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(GARMENT_NOUNS).flatMap(([category, nouns]) =>
      nouns.map((noun) => [noun, category.toLowerCase()]),
    ),
  ),
  // Accessories: the category's drawing is a hat.
  'Wool Scarf': 'scarf',
  'Silk Scarf': 'scarf',
  'Leather Belt': 'belt',
  Sunglasses: 'sunglasses',
  'Statement Necklace': 'necklace',
  // Jeans: the category's drawing is a pair of jeans.
  'Denim Shorts': 'shorts',
  // Activewear: the category's drawing is a pair of leggings.
  'Sports Bra': 'sports-bra',
  'Running Shorts': 'shorts',
  'Training Tee': 'tops',
  'Track Jacket': 'outerwear',
  'Tennis Skirt': 'skirts',
};

export const ADJECTIVES = [
  'Vintage',
  'Classic',
  'Oversized',
  'Cropped',
  'Relaxed',
  'Fitted',
  'Retro',
  'Essential',
  'Soft',
  'Everyday',
  'Lightweight',
  'Cozy',
  'Tailored',
  'Recycled',
  'Limited Edition',
];

export const COLOR_WORDS: Record<string, string[]> = {
  red: ['Red', 'Burgundy', 'Cherry'],
  blue: ['Blue', 'Navy', 'Sky Blue', 'Indigo'],
  green: ['Green', 'Olive', 'Sage', 'Forest Green'],
  yellow: ['Yellow', 'Mustard', 'Lemon'],
  orange: ['Orange', 'Rust', 'Terracotta'],
  pink: ['Pink', 'Blush', 'Rose'],
  black: ['Black', 'Jet Black', 'Charcoal'],
  white: ['White', 'Cream', 'Ivory'],
};

export const DESCRIPTION_OPENERS = [
  'Pre-loved and well cared for.',
  'A wardrobe favourite that deserves a new home.',
  'Bought last season and only worn a handful of times.',
  'Timeless piece in great shape.',
  'Clearing out my closet: this one is a gem.',
  'Smoke-free, pet-free home.',
];

export const DESCRIPTION_DETAILS = [
  'True to size with a comfortable fit.',
  'Runs slightly large; size down if between sizes.',
  'Machine washable, holds its colour well.',
  'Fabric is soft with no pilling.',
  'All seams and zips intact.',
  'Pairs easily with jeans or a skirt.',
  'Perfect for layering through the seasons.',
  'Measurements available on request.',
];

export const FIRST_NAMES = [
  'Emma',
  'Olivia',
  'Ava',
  'Sophia',
  'Mia',
  'Amelia',
  'Harper',
  'Evelyn',
  'Liam',
  'Noah',
  'Oliver',
  'Elijah',
  'James',
  'Lucas',
  'Mateo',
  'Zoe',
  'Chloe',
  'Grace',
  'Nora',
  'Leo',
  'Maya',
  'Aria',
  'Ethan',
  'Isla',
  'Jack',
  'Ruby',
  'Sam',
  'Priya',
  'Wei',
  'Yuki',
];
export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Garcia',
  'Miller',
  'Davis',
  'Martinez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Moore',
  'Lee',
  'Walker',
  'Hall',
  'Young',
  'King',
  'Wright',
  'Patel',
  'Nguyen',
  'Kim',
  'Chen',
  'Rossi',
  'Silva',
];
