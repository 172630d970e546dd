/**
 * Writes one small SVG illustration per catalogue dish to public/meals/{id}.svg (each ≤ 3 KB).
 * The look is derived from the dish name (kind of dish, main colour), the layout from a seed per id,
 * so the images are stable across runs. Run: `npx tsx scripts/generate-meal-images.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DISH_CATALOGUE, GENERIC_MEAL_IMAGES } from '../functions/src/planner/dish-catalogue';
import { seededRandom, type RandomSource } from '../functions/src/planner/seeded-random';

const OUTPUT_DIR = resolve(import.meta.dirname, '../public/meals');
const MAX_BYTES = 3 * 1024;

/** What the look is derived from. */
interface Pictured {
  id: string;
  name: string;
}

type Kind = 'curry' | 'rice' | 'flatbread' | 'bowl' | 'salad' | 'noodles';

const KIND_KEYWORDS: Array<[Kind, RegExp]> = [
  ['noodles', /noodle/i],
  ['salad', /salad|sundal/i],
  ['bowl', /oats|bowl|pudding|smoothie|upma|poha|khichdi|soup/i],
  [
    'flatbread',
    /toast|paratha|dosa|chilla|omelette|wrap|roll|sandwich|bagel|pancake|pesarattu|idli/i,
  ],
  ['rice', /biryani|fried rice|pulao|rice$/i],
  ['curry', /./],
];

const COLOUR_KEYWORDS: Array<[RegExp, string]> = [
  [/palak|spinach/i, '#4f8a3c'],
  [/berry/i, '#8e3b6b'],
  [/rajma|black bean|keema|rogan|pepper/i, '#7a3b22'],
  [/chana|chickpea|soya|seitan|tempeh/i, '#a0642c'],
  [/tikka|masala|butter|tandoori|shawarma|prawn|fish|salmon|chilli/i, '#d2602a'],
  [/dal|khichdi|kadhi|sambar|lentil|curry|moong|besan|egg/i, '#e0a526'],
  [/tofu|paneer|yogurt|idli|oats|muesli|chia/i, '#efe6cf'],
  [/edamame|sprouts|avocado|greens|quinoa/i, '#7fae4e'],
];

const BACKGROUNDS = ['#fdf3e7', '#eef6ec', '#fbeeee', '#eef2fb', '#f7f1fb', '#fff8dc'];

function kindOf(dish: Pictured): Kind {
  return KIND_KEYWORDS.find(([, pattern]) => pattern.test(dish.name))![0];
}

function mainColour(dish: Pictured): string {
  return COLOUR_KEYWORDS.find(([pattern]) => pattern.test(dish.name))?.[1] ?? '#c8743a';
}

const round = (value: number) => Math.round(value * 10) / 10;

function dots(
  random: RandomSource,
  count: number,
  cx: number,
  cy: number,
  spread: number,
  radius: number,
  colours: string[],
): string {
  let svg = '';
  for (let i = 0; i < count; i++) {
    const angle = random() * Math.PI * 2;
    const distance = Math.sqrt(random()) * spread;
    const x = round(cx + Math.cos(angle) * distance);
    const y = round(cy + Math.sin(angle) * distance);
    svg += `<circle cx="${x}" cy="${y}" r="${round(radius * (0.7 + random() * 0.6))}" fill="${colours[i % colours.length]}"/>`;
  }
  return svg;
}

function food(kind: Kind, colour: string, random: RandomSource): string {
  const garnish = ['#3f7d2c', '#f2c14e', '#c0392b', '#ffffff'];
  switch (kind) {
    case 'curry':
      return (
        `<circle cx="50" cy="58" r="30" fill="#fff" stroke="#d8d2c6" stroke-width="2"/><circle cx="50" cy="58" r="24" fill="${colour}"/>` +
        dots(random, 7, 50, 58, 16, 3.5, ['#f4e3c1', '#8c4a1f', '#3f7d2c']) +
        `<ellipse cx="88" cy="74" rx="22" ry="16" fill="#f3eee3" stroke="#d8d2c6" stroke-width="2"/>` +
        dots(random, 9, 88, 74, 12, 2.2, ['#fffdf6', '#efe7d4'])
      );
    case 'rice':
      return (
        `<circle cx="60" cy="62" r="40" fill="#fff" stroke="#d8d2c6" stroke-width="2"/><ellipse cx="60" cy="62" rx="30" ry="24" fill="#f4dc9c"/>` +
        dots(random, 14, 60, 62, 22, 2.6, [colour, '#fffaf0', ...garnish.slice(0, 2)])
      );
    case 'flatbread':
      return (
        `<circle cx="60" cy="62" r="40" fill="#fff" stroke="#d8d2c6" stroke-width="2"/><circle cx="54" cy="60" r="26" fill="#e7b86a"/>` +
        dots(random, 8, 54, 60, 20, 2.4, ['#b5742f', '#c98d43']) +
        `<circle cx="82" cy="78" r="11" fill="${colour}"/>` +
        dots(random, 3, 82, 78, 6, 1.8, garnish)
      );
    case 'bowl':
      return (
        `<circle cx="60" cy="62" r="38" fill="#5a7d9a"/><circle cx="60" cy="62" r="32" fill="${colour}"/>` +
        dots(random, 12, 60, 62, 24, 3, [...garnish, '#6b3e26'])
      );
    case 'salad':
      return (
        `<circle cx="60" cy="62" r="40" fill="#fff" stroke="#d8d2c6" stroke-width="2"/>` +
        dots(random, 9, 60, 62, 24, 7, ['#6aa84f', '#93c47d', '#38761d']) +
        dots(random, 9, 60, 62, 22, 3.5, [colour, '#e06666', '#f6b26b', '#fff2cc'])
      );
    case 'noodles': {
      let strands = '';
      for (let i = 0; i < 6; i++) {
        const y = 44 + i * 7;
        strands += `<path d="M32 ${y}q7 -6 14 0t14 0t14 0t14 0" fill="none" stroke="#e9c46a" stroke-width="3"/>`;
      }
      return (
        `<circle cx="60" cy="62" r="40" fill="#fff" stroke="#d8d2c6" stroke-width="2"/>` +
        strands +
        dots(random, 6, 60, 62, 20, 4, [colour, '#3f7d2c'])
      );
    }
  }
}

export function mealSvg(dish: Pictured): string {
  const random = seededRandom(dish.id);
  const background = BACKGROUNDS[Math.floor(random() * BACKGROUNDS.length)];
  const title = dish.name.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" role="img" aria-label="${title}">` +
    `<title>${title}</title><rect width="120" height="120" rx="12" fill="${background}"/>` +
    food(kindOf(dish), mainColour(dish), random) +
    `</svg>\n`
  );
}

function main() {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const pictured: Pictured[] = [...DISH_CATALOGUE, ...Object.values(GENERIC_MEAL_IMAGES)];
  // Images of retired dishes are never deleted: challenges stored earlier still show them.
  for (const dish of pictured) {
    const svg = mealSvg(dish);
    const bytes = Buffer.byteLength(svg);
    if (bytes > MAX_BYTES) throw new Error(`${dish.id}.svg is ${bytes} bytes, over ${MAX_BYTES}`);
    writeFileSync(join(OUTPUT_DIR, `${dish.id}.svg`), svg);
  }
  console.log(`Wrote ${pictured.length} meal images to ${OUTPUT_DIR}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
