/**
 * The Brand Level Analyzer's brand groups (SPEC §2): five curated categories of beauty brands that
 * resellers commonly source from European wholesale, each brand in one category; every other brand
 * of the wholesale catalogue goes under 'Other'. Names are matched loosely (case, accents, punctuation).
 */
export const BRAND_CATEGORIES = [
  {
    name: 'Skincare',
    brands: [
      'CeraVe',
      'La Roche-Posay',
      'The Ordinary',
      'Vichy',
      'Eucerin',
      'Bioderma',
      'Avène',
      'Nivea',
      'Neutrogena',
      'Olay',
      'Clinique',
      "Kiehl's",
      "Paula's Choice",
      'Cetaphil',
      'Uriage',
      'Caudalie',
      'Nuxe',
      'Garnier',
      'Clarins',
      'Estée Lauder',
      'Shiseido',
      'Sebamed',
      'Weleda',
      'Filorga',
      'Dr. Jart+',
      'COSRX',
    ],
  },
  {
    name: 'Makeup',
    brands: [
      'Maybelline New York',
      'Maybelline',
      "L'Oréal Paris",
      'NYX Professional Makeup',
      'Rimmel London',
      'Rimmel',
      'Max Factor',
      'Catrice',
      'essence',
      'Revolution Beauty',
      'Makeup Revolution',
      'MAC',
      'Benefit',
      'Too Faced',
      'Urban Decay',
      'Bourjois',
      'Astor',
      'Manhattan',
      'e.l.f.',
      'Lancôme',
      'Bobbi Brown',
      'Essie',
      'OPI',
      'Sally Hansen',
      'Physicians Formula',
      'Artdeco',
    ],
  },
  {
    name: 'Hair Care',
    brands: [
      'Kérastase',
      'Redken',
      'Olaplex',
      'Schwarzkopf',
      'Schwarzkopf Professional',
      'Wella',
      'Wella Professionals',
      'Pantene',
      'Head & Shoulders',
      'TRESemmé',
      'Moroccanoil',
      'Aussie',
      'Syoss',
      'Gliss',
      "L'Oréal Professionnel",
      'Matrix',
      'Paul Mitchell',
      'Batiste',
      'Elvive',
      'Alpecin',
      'Herbal Essences',
      'John Frieda',
      'Tangle Teezer',
      'GHD',
      'Davines',
      'Joico',
    ],
  },
  {
    name: 'Fragrance',
    brands: [
      'Calvin Klein',
      'Hugo Boss',
      'Davidoff',
      'Lacoste',
      'Paco Rabanne',
      'Rabanne',
      'Chanel',
      'Dior',
      'Giorgio Armani',
      'Versace',
      'Dolce & Gabbana',
      'Jean Paul Gaultier',
      'Carolina Herrera',
      'Yves Saint Laurent',
      'Burberry',
      'Gucci',
      'Prada',
      'Azzaro',
      'Montblanc',
      'Jimmy Choo',
      'Marc Jacobs',
      'Guess',
      'Tommy Hilfiger',
      'Joop!',
      'Mugler',
      'Valentino',
    ],
  },
  {
    name: 'Personal Care',
    brands: [
      'Dove',
      'Gillette',
      'Oral-B',
      'Colgate',
      'Sensodyne',
      'Rexona',
      'Axe',
      'Old Spice',
      'Braun',
      'Philips',
      'Wilkinson Sword',
      'Venus',
      'Palmolive',
      'Nivea Men',
      'Vaseline',
      'Listerine',
      'Elmex',
      'Parodontax',
      'Signal',
      'Durex',
      'Carex',
      'Sanex',
      'Bic',
      'Veet',
      'Always',
      'Tampax',
    ],
  },
] as const satisfies ReadonlyArray<{ name: string; brands: readonly string[] }>;

/**
 * The demo catalogue (MARKET_DATA=demo) invents its brands, so none of them is a curated brand above and the demo
 * would show every brand under 'Other'. Each invented brand carries a catalogue category in the demo
 * (apps/server/src/modules/market-data/providers/demo/demo-catalogue.ts); here it is placed in the group that category
 * belongs to (Skin/Sun Care → Skincare, Makeup/Nail Care → Makeup, Bath & Body, Men's Grooming, Oral and Baby Care →
 * Personal Care). A real wholesale catalogue has none of these names, so this changes nothing outside the demo; a test
 * on the server keeps the list in step with the demo catalogue.
 */
export const DEMO_CATALOGUE_BRAND_GROUPS = {
  Skincare: [
    'Lumière Botanique',
    'Nordhav Skin',
    'Dermavita',
    'Alpenrose Naturkosmetik',
    'Clearwell Labs',
    'Aqualine Derm',
    'Sensiderm',
    'Rosalba Cosmetici',
    'Vitaleaf',
    'Maison Celeste',
    'Oceanique',
    'Hydralis',
    'Sonnenklar',
    'Solara Bay',
  ],
  'Hair Care': [
    'Kaiser & Lind',
    'Silkara',
    'Capelli Veri',
    'Mane Theory',
    'Voluma Pro',
    'Greenroot Hair',
    'Brillanza',
    'Salon Nordique',
    'Curlwise',
    'Hairlab Berlin',
  ],
  Fragrance: ['Maison Ambre', 'Eau de Riviera', 'Noir Atelier', 'Fiore di Capri', 'Bergamot & Oak', 'Sillage Paris', 'Aurum Parfums', 'Blue Cedar'],
  Makeup: [
    'Velvetine Cosmetics',
    'Chromabelle',
    'Lashique',
    'Pigmenta Milano',
    'Glowella',
    'Studio Rouge',
    'Nudé Beauty',
    'Prismatic Pro',
    'Pinkberry Cosmetics',
    'Nailissima',
    'Lacquer Lane',
    'Onglerie',
  ],
  'Personal Care': [
    'Badehaus',
    'Savonnerie Provence',
    'Shea Garden',
    'Aromaflora',
    'Mandelblüte',
    'Citrus Grove',
    'Lavandula Care',
    'Nordic Spa',
    'Barbero Classico',
    'Ironwood Men',
    'Gentleman Grade',
    'Blade & Balm',
    'Homme Essentiel',
    'Beardsmith',
    'Dentaclair',
    'Smilewell',
    'Fluorin Plus',
    'Menthe Pure',
    'Babysanft',
    'Petit Doux',
  ],
} as const satisfies Record<(typeof BRAND_CATEGORIES)[number]['name'], readonly string[]>;

export const OTHER_BRAND_CATEGORY = 'Other';
export type BrandCategoryName = (typeof BRAND_CATEGORIES)[number]['name'] | typeof OTHER_BRAND_CATEGORY;

/** 'L’Oréal Paris' → 'lorealparis': lower case, no accents, letters and digits only. */
export function normalizeBrandName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const CATEGORY_BY_BRAND = new Map<string, BrandCategoryName>([
  ...BRAND_CATEGORIES.flatMap((category) => category.brands.map((brand) => [normalizeBrandName(brand), category.name] as const)),
  ...Object.entries(DEMO_CATALOGUE_BRAND_GROUPS).flatMap(([category, brands]) =>
    brands.map((brand) => [normalizeBrandName(brand), category as BrandCategoryName] as const),
  ),
]);

export function brandCategoryOf(brand: string): BrandCategoryName {
  return CATEGORY_BY_BRAND.get(normalizeBrandName(brand)) ?? OTHER_BRAND_CATEGORY;
}

export interface BrandGroup {
  category: BrandCategoryName;
  brands: string[];
}

/**
 * The catalogue's brands in the five curated categories (in their order) and 'Other' last; only groups
 * that have brands; brands sorted by name inside each group. Curated brands the catalogue lacks are left out.
 */
export function groupBrandsByCategory(brands: readonly string[]): BrandGroup[] {
  const groups = new Map<BrandCategoryName, string[]>();
  for (const brand of new Set(brands)) {
    const category = brandCategoryOf(brand);
    const list = groups.get(category) ?? [];
    list.push(brand);
    groups.set(category, list);
  }
  const order: BrandCategoryName[] = [...BRAND_CATEGORIES.map((c) => c.name), OTHER_BRAND_CATEGORY];
  return order
    .filter((category) => groups.has(category))
    .map((category) => ({ category, brands: groups.get(category)!.sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })) }));
}
