import { gs1CheckDigit } from '@dealradar/shared/ean';
import { between, hash, pick, unit } from './demo-random.ts';

/**
 * The built-in demo catalogue (MARKET_DATA=demo): invented beauty and personal-care brands and variants with
 * valid GTINs. Generated once per process, identical on every machine.
 */

export interface DemoBrand {
  name: string;
  category: string;
  /** 3-digit GS1 country prefix ('00' + UPC for US brands). */
  prefix: string;
  /** Price level of the brand (1 = mass market). */
  premium: number;
}

export interface DemoVariant {
  gtin: string;
  name: string;
  brand: string;
  category: string;
  /** Wholesale list price excl. VAT, EUR cents, before the price process. */
  basePrice: number;
  /** 'small' | 'medium' | 'large' parcel, drives the FBA fee. */
  size: 'small' | 'medium' | 'large';
  index: number;
}

const BRAND_NAMES: Array<[string, string, string]> = [
  // name, category, country prefix
  ['Lumière Botanique', 'Skin Care', '300'],
  ['Nordhav Skin', 'Skin Care', '730'],
  ['Dermavita', 'Skin Care', '400'],
  ['Alpenrose Naturkosmetik', 'Skin Care', '401'],
  ['Clearwell Labs', 'Skin Care', '500'],
  ['Aqualine Derm', 'Skin Care', '840'],
  ['Sensiderm', 'Skin Care', '402'],
  ['Rosalba Cosmetici', 'Skin Care', '800'],
  ['Vitaleaf', 'Skin Care', '871'],
  ['Maison Celeste', 'Skin Care', '301'],
  ['Oceanique', 'Skin Care', '302'],
  ['Hydralis', 'Skin Care', '403'],
  ['Kaiser & Lind', 'Hair Care', '404'],
  ['Silkara', 'Hair Care', '405'],
  ['Capelli Veri', 'Hair Care', '801'],
  ['Mane Theory', 'Hair Care', '501'],
  ['Voluma Pro', 'Hair Care', '406'],
  ['Greenroot Hair', 'Hair Care', '502'],
  ['Brillanza', 'Hair Care', '802'],
  ['Salon Nordique', 'Hair Care', '303'],
  ['Curlwise', 'Hair Care', '007'],
  ['Hairlab Berlin', 'Hair Care', '407'],
  ['Maison Ambre', 'Fragrance', '304'],
  ['Eau de Riviera', 'Fragrance', '305'],
  ['Noir Atelier', 'Fragrance', '306'],
  ['Fiore di Capri', 'Fragrance', '803'],
  ['Bergamot & Oak', 'Fragrance', '503'],
  ['Sillage Paris', 'Fragrance', '307'],
  ['Aurum Parfums', 'Fragrance', '408'],
  ['Blue Cedar', 'Fragrance', '008'],
  ['Velvetine Cosmetics', 'Makeup', '308'],
  ['Chromabelle', 'Makeup', '309'],
  ['Lashique', 'Makeup', '409'],
  ['Pigmenta Milano', 'Makeup', '804'],
  ['Glowella', 'Makeup', '504'],
  ['Studio Rouge', 'Makeup', '310'],
  ['Nudé Beauty', 'Makeup', '841'],
  ['Prismatic Pro', 'Makeup', '009'],
  ['Pinkberry Cosmetics', 'Makeup', '505'],
  ['Badehaus', 'Bath & Body', '410'],
  ['Savonnerie Provence', 'Bath & Body', '311'],
  ['Shea Garden', 'Bath & Body', '506'],
  ['Aromaflora', 'Bath & Body', '805'],
  ['Mandelblüte', 'Bath & Body', '411'],
  ['Citrus Grove', 'Bath & Body', '842'],
  ['Lavandula Care', 'Bath & Body', '312'],
  ['Nordic Spa', 'Bath & Body', '731'],
  ['Barbero Classico', "Men's Grooming", '806'],
  ['Ironwood Men', "Men's Grooming", '507'],
  ['Gentleman Grade', "Men's Grooming", '412'],
  ['Blade & Balm', "Men's Grooming", '010'],
  ['Homme Essentiel', "Men's Grooming", '313'],
  ['Beardsmith', "Men's Grooming", '508'],
  ['Dentaclair', 'Oral Care', '413'],
  ['Smilewell', 'Oral Care', '509'],
  ['Fluorin Plus', 'Oral Care', '414'],
  ['Menthe Pure', 'Oral Care', '314'],
  ['Nailissima', 'Nail Care', '807'],
  ['Lacquer Lane', 'Nail Care', '011'],
  ['Onglerie', 'Nail Care', '315'],
  ['Sonnenklar', 'Sun Care', '415'],
  ['Solara Bay', 'Sun Care', '843'],
  ['Babysanft', 'Baby Care', '416'],
  ['Petit Doux', 'Baby Care', '316'],
];

interface ProductType {
  label: string;
  sizes: string[];
  price: [number, number];
  size: DemoVariant['size'];
}

const TYPES: Record<string, ProductType[]> = {
  'Skin Care': [
    { label: 'Face Cream', sizes: ['50 ml'], price: [350, 2200], size: 'small' },
    { label: 'Night Cream', sizes: ['50 ml'], price: [400, 2400], size: 'small' },
    { label: 'Eye Cream', sizes: ['15 ml'], price: [380, 1900], size: 'small' },
    { label: 'Serum', sizes: ['30 ml'], price: [500, 2800], size: 'small' },
    { label: 'Cleansing Gel', sizes: ['150 ml', '200 ml'], price: [220, 900], size: 'medium' },
    { label: 'Micellar Water', sizes: ['400 ml'], price: [200, 800], size: 'medium' },
    { label: 'Toner', sizes: ['200 ml'], price: [250, 1100], size: 'medium' },
    { label: 'Sheet Mask', sizes: ['1 piece', '5 pieces'], price: [90, 900], size: 'small' },
  ],
  'Hair Care': [
    { label: 'Shampoo', sizes: ['250 ml', '500 ml'], price: [180, 1200], size: 'medium' },
    { label: 'Conditioner', sizes: ['200 ml'], price: [190, 1200], size: 'medium' },
    { label: 'Hair Mask', sizes: ['200 ml'], price: [300, 1600], size: 'medium' },
    { label: 'Hair Oil', sizes: ['100 ml'], price: [350, 1800], size: 'small' },
    { label: 'Dry Shampoo', sizes: ['200 ml'], price: [200, 700], size: 'medium' },
    { label: 'Hairspray', sizes: ['300 ml'], price: [180, 700], size: 'medium' },
    { label: 'Leave-in Spray', sizes: ['150 ml'], price: [280, 1300], size: 'small' },
  ],
  Fragrance: [
    { label: 'Eau de Parfum', sizes: ['30 ml', '50 ml', '100 ml'], price: [1200, 6500], size: 'small' },
    { label: 'Eau de Toilette', sizes: ['30 ml', '50 ml', '100 ml'], price: [800, 4500], size: 'small' },
    { label: 'Body Mist', sizes: ['250 ml'], price: [400, 1500], size: 'medium' },
    { label: 'Deodorant Spray', sizes: ['150 ml'], price: [250, 900], size: 'small' },
    { label: 'Shower Gel', sizes: ['200 ml'], price: [300, 1200], size: 'medium' },
  ],
  Makeup: [
    { label: 'Mascara', sizes: ['Black', 'Brown Black'], price: [250, 1500], size: 'small' },
    { label: 'Lipstick', sizes: ['Shade 01', 'Shade 05', 'Shade 12', 'Shade 20'], price: [250, 1600], size: 'small' },
    { label: 'Foundation', sizes: ['30 ml Light', '30 ml Medium', '30 ml Deep'], price: [450, 2200], size: 'small' },
    { label: 'Concealer', sizes: ['Light', 'Medium'], price: [300, 1400], size: 'small' },
    { label: 'Eyeliner', sizes: ['Black'], price: [200, 1100], size: 'small' },
    { label: 'Eyeshadow Palette', sizes: ['12 Shades'], price: [600, 2600], size: 'small' },
    { label: 'Lip Gloss', sizes: ['Clear', 'Rose'], price: [200, 1100], size: 'small' },
  ],
  'Bath & Body': [
    { label: 'Shower Gel', sizes: ['250 ml', '500 ml'], price: [120, 700], size: 'medium' },
    { label: 'Bath Foam', sizes: ['500 ml'], price: [180, 800], size: 'medium' },
    { label: 'Hand Cream', sizes: ['75 ml'], price: [150, 900], size: 'small' },
    { label: 'Body Scrub', sizes: ['200 ml'], price: [300, 1300], size: 'medium' },
    { label: 'Soap Bar', sizes: ['100 g'], price: [90, 500], size: 'small' },
    { label: 'Body Lotion', sizes: ['250 ml', '400 ml'], price: [200, 1100], size: 'medium' },
  ],
  "Men's Grooming": [
    { label: 'Shaving Foam', sizes: ['200 ml'], price: [150, 600], size: 'medium' },
    { label: 'Aftershave Balm', sizes: ['100 ml'], price: [300, 1500], size: 'small' },
    { label: 'Beard Oil', sizes: ['30 ml'], price: [400, 1500], size: 'small' },
    { label: 'Deodorant Stick', sizes: ['75 ml'], price: [180, 700], size: 'small' },
    { label: 'Face Wash', sizes: ['100 ml'], price: [200, 900], size: 'small' },
    { label: 'Razor Blades', sizes: ['4 pieces', '8 pieces'], price: [500, 2200], size: 'small' },
  ],
  'Oral Care': [
    { label: 'Toothpaste', sizes: ['75 ml'], price: [90, 450], size: 'small' },
    { label: 'Mouthwash', sizes: ['500 ml'], price: [200, 700], size: 'medium' },
    { label: 'Whitening Strips', sizes: ['14 pieces'], price: [900, 3000], size: 'small' },
    { label: 'Toothbrush Heads', sizes: ['4 pieces'], price: [700, 2200], size: 'small' },
    { label: 'Dental Floss', sizes: ['50 m'], price: [100, 400], size: 'small' },
  ],
  'Nail Care': [
    { label: 'Nail Polish', sizes: ['10 ml Red', '10 ml Nude', '10 ml Berry', '10 ml Coral'], price: [150, 900], size: 'small' },
    { label: 'Nail Polish Remover', sizes: ['125 ml'], price: [100, 400], size: 'small' },
    { label: 'Cuticle Oil', sizes: ['15 ml'], price: [200, 900], size: 'small' },
    { label: 'Top Coat', sizes: ['10 ml'], price: [180, 900], size: 'small' },
  ],
  'Sun Care': [
    { label: 'Sun Cream SPF 30', sizes: ['200 ml'], price: [350, 1300], size: 'medium' },
    { label: 'Sun Cream SPF 50', sizes: ['50 ml', '200 ml'], price: [350, 1500], size: 'medium' },
    { label: 'After Sun Lotion', sizes: ['200 ml'], price: [250, 900], size: 'medium' },
    { label: 'Sun Spray SPF 50', sizes: ['150 ml'], price: [400, 1400], size: 'medium' },
  ],
  'Baby Care': [
    { label: 'Baby Shampoo', sizes: ['250 ml'], price: [150, 600], size: 'medium' },
    { label: 'Nappy Cream', sizes: ['100 ml'], price: [180, 700], size: 'small' },
    { label: 'Baby Lotion', sizes: ['400 ml'], price: [200, 800], size: 'medium' },
    { label: 'Wet Wipes', sizes: ['4 x 60 pieces'], price: [250, 900], size: 'medium' },
  ],
};

const LINES = [
  'Hydra Boost',
  'Pure Balance',
  'Age Perfect',
  'Sensitive',
  'Vitamin C',
  'Hyaluron',
  'Repair',
  'Volume',
  'Color Protect',
  'Classic',
  'Intense',
  'Fresh',
  'Sport',
  'Ultra',
  'Velvet',
  'Radiance',
  'Aqua',
  'Daily',
  'Night Recovery',
  'Nourish',
  'Clarifying',
  'Matte',
  'Gold',
  'Organic',
  'Argan',
  'Coconut',
  'Aloe Vera',
  'Charcoal',
  'Rose',
  'Cocoa',
];

function gtinFor(brandIndex: number, prefix: string, itemIndex: number): string {
  // Company prefix: country part + a number unique per brand; then a 5-digit item reference (or 6 for UPC brands).
  const company = String((1000 + brandIndex * 97) % 10000).padStart(4, '0');
  let body: string;
  if (prefix.length === 3 && prefix.startsWith('0')) {
    // US brand: UPC-A (12 digits) held as a 13-digit EAN with a leading 0.
    body = `0${prefix.slice(1)}${company}${String(itemIndex).padStart(5, '0')}`;
  } else {
    body = `${prefix}${company}${String(itemIndex).padStart(5, '0')}`;
  }
  return body + String(gs1CheckDigit(body));
}

let cached: { brands: DemoBrand[]; variants: DemoVariant[]; byGtin: Map<string, DemoVariant> } | undefined;

/** The whole demo catalogue (memoized). */
export function demoCatalogue() {
  if (cached) return cached;
  const brands: DemoBrand[] = [];
  const variants: DemoVariant[] = [];
  BRAND_NAMES.forEach(([name, category, prefix], brandIndex) => {
    const premium = 0.7 + unit(name, 'premium') * 1.2;
    brands.push({ name, category, prefix, premium });
    const types = TYPES[category]!;
    const lineCount = between(13, 18, name, 'lines');
    const start = between(0, LINES.length - 1, name, 'line-start');
    const lines = Array.from({ length: lineCount }, (_, i) => LINES[(start + i * 7) % LINES.length]!);
    const seen = new Set<string>();
    let item = between(100, 900, name, 'item-start');
    for (const line of lines) {
      for (const type of types) {
        for (const size of type.sizes) {
          if (unit(name, line, type.label, size, 'skip') < 0.2) continue;
          const productName = `${name} ${line} ${type.label} ${size}`;
          if (seen.has(productName)) continue;
          seen.add(productName);
          const [min, max] = type.price;
          const basePrice = Math.max(60, Math.round((min + unit(productName, 'price') * (max - min)) * premium));
          variants.push({
            gtin: gtinFor(brandIndex, prefix, item),
            name: productName,
            brand: name,
            category,
            basePrice,
            size: type.size,
            index: variants.length,
          });
          item += 1 + (hash(productName) % 3);
        }
      }
    }
  });
  const byGtin = new Map(variants.map((v) => [v.gtin, v]));
  cached = { brands, variants, byGtin };
  return cached;
}

export function demoVariantByGtin(gtin: string): DemoVariant | undefined {
  return demoCatalogue().byGtin.get(gtin);
}

export { pick };
