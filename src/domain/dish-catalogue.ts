import type { MealSlot, Preference } from './constants';

/** Ingredients that decide which diets a dish fits. */
export type DietaryContent = 'meat' | 'fish' | 'egg' | 'dairy' | 'honey';

export interface Dish {
  id: string;
  name: string;
  slots: readonly MealSlot[];
  contains: readonly DietaryContent[];
  /** Per portion. */
  kcal: number;
  protein: number;
  carbs: number;
  fat: number;
  details: string;
  /** Path of the image that ships with the app (public/meals). */
  image: string;
}

/**
 * What each preference excludes. "veg" follows Indian usage: lacto-vegetarian, so no egg, meat or fish
 * (dairy and honey are fine); "vegan" also excludes dairy, egg and honey; "nonveg" eats anything.
 */
export const EXCLUDED_BY_PREFERENCE: Record<Preference, readonly DietaryContent[]> = {
  vegan: ['meat', 'fish', 'egg', 'dairy', 'honey'],
  veg: ['meat', 'fish', 'egg'],
  nonveg: [],
};

export function dishFitsPreference(dish: Dish, preference: Preference): boolean {
  const excluded = EXCLUDED_BY_PREFERENCE[preference];
  return !dish.contains.some((content) => excluded.includes(content));
}

const BREAKFAST: readonly MealSlot[] = ['breakfast'];
const MAIN: readonly MealSlot[] = ['lunch', 'dinner'];

function dish(
  id: string,
  name: string,
  slots: readonly MealSlot[],
  contains: readonly DietaryContent[],
  [protein, carbs, fat]: [number, number, number],
  details: string,
): Dish {
  return {
    id,
    name,
    slots,
    contains,
    kcal: protein * 4 + carbs * 4 + fat * 9,
    protein,
    carbs,
    fat,
    details,
    image: `/meals/${id}.svg`,
  };
}

export const DISH_CATALOGUE: readonly Dish[] = [
  // Breakfasts, vegan
  dish('tofu-bhurji-toast', 'Tofu bhurji with multigrain toast', BREAKFAST, [], [30, 28, 12], 'Crumbled firm tofu with onion, tomato, turmeric and green chilli, on two slices of multigrain toast.'),
  dish('soya-chunk-poha', 'Soya chunk poha', BREAKFAST, [], [26, 40, 7], 'Flattened rice tossed with soya chunks, peas, curry leaves, mustard seeds and lemon.'),
  dish('moong-chilla-tofu', 'Moong dal chilla with tofu filling', BREAKFAST, [], [27, 32, 8], 'Green gram pancakes folded over spiced tofu, with coriander chutney.'),
  dish('pea-protein-masala-oats', 'Pea-protein masala oats', BREAKFAST, [], [30, 40, 7], 'Savoury rolled oats with vegetables and a scoop of pea protein, finished with lemon and coriander.'),
  dish('tempeh-sweet-potato-hash', 'Tempeh and sweet potato hash', BREAKFAST, [], [26, 32, 11], 'Pan-crisped tempeh with roasted sweet potato, peppers and smoked paprika.'),
  dish('chickpea-flour-omelette', 'Chickpea-flour omelette with tofu', BREAKFAST, [], [24, 28, 9], 'Eggless besan omelette with silken tofu, spinach, onion and tomato.'),
  dish('tofu-berry-smoothie-bowl', 'Berry, tofu and soy-milk smoothie bowl', BREAKFAST, [], [25, 38, 7], 'Silken tofu blended with berries, banana and soy milk, topped with seeds.'),
  dish('sprouted-moong-upma', 'Sprouted moong and soya upma', BREAKFAST, [], [24, 38, 8], 'Semolina upma loaded with sprouted green gram, soya granules and vegetables.'),
  dish('edamame-avocado-toast', 'Edamame avocado toast', BREAKFAST, [], [20, 32, 13], 'Smashed edamame and avocado with chilli flakes on sourdough.'),
  dish('besan-chilla', 'Besan chilla with mint chutney', BREAKFAST, [], [17, 34, 9], 'Gram-flour pancakes with onion, tomato and ajwain, served with mint chutney.'),
  dish('idli-sambar', 'Idli with sambar', BREAKFAST, [], [14, 62, 5], 'Steamed rice-and-lentil cakes with a vegetable lentil sambar.'),
  dish('kanda-poha-peanuts', 'Kanda poha with peanuts', BREAKFAST, [], [11, 52, 12], 'Maharashtrian flattened rice with onion, peanuts, turmeric and curry leaves.'),
  dish('ragi-dosa-chutney', 'Ragi dosa with coconut chutney', BREAKFAST, [], [10, 50, 12], 'Crisp finger-millet dosa with fresh coconut chutney.'),
  dish('peanut-butter-banana-toast', 'Peanut butter banana toast with soy milk', BREAKFAST, [], [20, 46, 16], 'Whole-wheat toast with peanut butter and banana, and a glass of soy milk.'),
  dish('chia-soy-pudding', 'Chia seed soy-milk pudding with mango', BREAKFAST, [], [15, 32, 14], 'Chia seeds soaked overnight in soy milk, topped with mango.'),
  // Breakfasts, vegetarian
  dish('paneer-paratha-curd', 'Paneer paratha with curd', BREAKFAST, ['dairy'], [24, 44, 15], 'Whole-wheat flatbread stuffed with spiced paneer, with a bowl of curd.'),
  dish('greek-yogurt-honey-muesli', 'Greek yogurt, honey and muesli bowl', BREAKFAST, ['dairy', 'honey'], [26, 42, 7], 'Thick Greek yogurt with muesli, fruit and a drizzle of honey.'),
  dish('paneer-bhurji-toast', 'Paneer bhurji on whole-wheat toast', BREAKFAST, ['dairy'], [26, 28, 17], 'Scrambled paneer with onion, capsicum and garam masala on toast.'),
  dish('whey-overnight-oats', 'Whey protein overnight oats', BREAKFAST, ['dairy'], [32, 42, 8], 'Oats soaked in milk with whey protein, cinnamon and apple.'),
  dish('paneer-protein-pancakes', 'Paneer protein pancakes', BREAKFAST, ['dairy'], [28, 34, 10], 'Oat and paneer pancakes with fresh fruit.'),
  dish('aloo-paratha-curd', 'Aloo paratha with curd', BREAKFAST, ['dairy'], [12, 58, 16], 'Potato-stuffed flatbread cooked with a little ghee, with curd and pickle.'),
  dish('pesarattu-paneer', 'Pesarattu with paneer', BREAKFAST, ['dairy'], [24, 36, 10], 'Andhra green-gram crepe filled with paneer and ginger, with chutney.'),
  dish('masala-dosa', 'Masala dosa with sambar', BREAKFAST, ['dairy'], [10, 62, 14], 'Crisp dosa roasted with ghee around a potato masala, with sambar.'),
  // Breakfasts, non-vegetarian
  dish('masala-omelette-toast', 'Masala omelette with toast', BREAKFAST, ['egg'], [24, 26, 16], 'Three-egg omelette with onion, chilli and coriander, with toast.'),
  dish('egg-bhurji-roti', 'Egg bhurji with roti', BREAKFAST, ['egg'], [25, 32, 14], 'Spiced scrambled eggs with tomato and onion, with whole-wheat roti.'),
  dish('egg-white-spinach-wrap', 'Egg-white spinach wrap', BREAKFAST, ['egg'], [30, 30, 6], 'Egg-white omelette with spinach and mushrooms rolled in a whole-wheat wrap.'),
  dish('chicken-keema-sandwich', 'Chicken keema sandwich', BREAKFAST, ['meat'], [30, 34, 10], 'Lean chicken mince cooked with peas, in a toasted whole-wheat sandwich.'),
  dish('smoked-salmon-bagel', 'Smoked salmon and cream cheese bagel', BREAKFAST, ['fish', 'dairy'], [26, 40, 12], 'Bagel with smoked salmon, light cream cheese, capers and red onion.'),
  dish('eggs-avocado-toast', 'Boiled eggs on avocado toast', BREAKFAST, ['egg'], [20, 28, 16], 'Two boiled eggs on avocado toast with pepper and lime.'),
  dish('mutton-keema-paratha', 'Mutton keema paratha', BREAKFAST, ['meat'], [26, 42, 15], 'Flatbread stuffed with spiced mutton mince, with onion salad.'),
  dish('egg-dosa', 'Egg dosa with chutney', BREAKFAST, ['egg'], [18, 44, 12], 'Dosa with an egg cooked into it, with coconut chutney.'),
  // Mains, vegan
  dish('soya-chunk-curry-rice', 'Soya chunk curry with rice', MAIN, [], [38, 56, 10], 'Soya chunks simmered in an onion-tomato gravy, with steamed rice.'),
  dish('tofu-tikka-masala-roti', 'Tofu tikka masala with roti', MAIN, [], [34, 48, 14], 'Grilled tofu tikka in a cashew-free tomato masala, with whole-wheat roti.'),
  dish('seitan-kathi-roll', 'Seitan kathi roll', MAIN, [], [42, 48, 10], 'Spiced seitan strips, onions and chutney rolled in a paratha.'),
  dish('tempeh-vegetable-stir-fry', 'Tempeh vegetable stir-fry with brown rice', MAIN, [], [34, 50, 14], 'Tempeh with broccoli, beans and peppers in garlic-soy sauce, over brown rice.'),
  dish('soya-keema-millet-roti', 'Soya keema with millet roti', MAIN, [], [36, 48, 11], 'Soya granules cooked like keema with peas, with jowar roti.'),
  dish('sprouts-tofu-salad', 'Sprouts and tofu power salad', MAIN, [], [32, 30, 11], 'Sprouted moong, grilled tofu, cucumber, tomato and lemon-chaat dressing.'),
  dish('seitan-pepper-fry', 'Seitan pepper fry with red rice', MAIN, [], [42, 46, 11], 'Kerala-style black-pepper seitan fry with red rice.'),
  dish('lentil-tofu-soup', 'Red lentil and tofu soup with sourdough', MAIN, [], [32, 46, 9], 'Masoor dal soup with cubes of tofu and a slice of sourdough.'),
  dish('palak-tofu-jeera-rice', 'Palak tofu with jeera rice', MAIN, [], [32, 52, 13], 'Spinach gravy with tofu instead of paneer, with cumin rice.'),
  dish('black-bean-tofu-burrito-bowl', 'Black bean and tofu burrito bowl', MAIN, [], [34, 60, 10], 'Black beans, chipotle tofu, rice, salsa and lettuce.'),
  dish('edamame-teriyaki-bowl', 'Edamame teriyaki rice bowl', MAIN, [], [30, 58, 10], 'Edamame, tofu and vegetables in teriyaki glaze over rice.'),
  dish('chickpea-tofu-curry', 'Chickpea and tofu curry with roti', MAIN, [], [32, 50, 12], 'Chole-style chickpeas with tofu, with whole-wheat roti.'),
  dish('soya-chunk-biryani', 'Soya chunk biryani', MAIN, [], [34, 66, 11], 'Basmati rice layered with spiced soya chunks, mint and fried onion.'),
  dish('masoor-dal-quinoa-bowl', 'Masoor dal quinoa bowl', MAIN, [], [26, 60, 8], 'Red lentil dal over quinoa with sautéed greens.'),
  dish('rajma-chawal', 'Rajma chawal', MAIN, [], [22, 80, 8], 'Punjabi kidney-bean curry with steamed rice.'),
  dish('chana-masala-brown-rice', 'Chana masala with brown rice', MAIN, [], [20, 74, 10], 'Chickpeas in a tangy masala, with brown rice.'),
  dish('dal-tadka-roti', 'Dal tadka with roti', MAIN, [], [20, 66, 10], 'Yellow lentils tempered with cumin and garlic, with whole-wheat roti.'),
  dish('moong-dal-khichdi', 'Moong dal khichdi', MAIN, [], [18, 70, 8], 'Rice and split green gram cooked soft with vegetables and cumin.'),
  dish('sambar-rice-poriyal', 'Sambar rice with poriyal', MAIN, [], [14, 74, 8], 'Rice with vegetable sambar and a beans-coconut poriyal.'),
  dish('tofu-mushroom-fried-rice', 'Tofu mushroom fried rice', MAIN, [], [28, 60, 12], 'Wok-fried rice with tofu, mushrooms and spring onion.'),
  dish('tofu-satay-noodles', 'Tofu satay noodles', MAIN, [], [30, 58, 14], 'Noodles and tofu in a peanut satay sauce with crunchy vegetables.'),
  dish('seitan-shawarma-bowl', 'Seitan shawarma bowl with hummus', MAIN, [], [40, 52, 12], 'Shawarma-spiced seitan, hummus, salad and bulgur.'),
  dish('tempeh-curry-red-rice', 'Tempeh curry with red rice', MAIN, [], [32, 54, 14], 'Tempeh in a coconut-light Kerala curry, with red rice.'),
  dish('soybean-sundal-salad', 'Soybean sundal salad', MAIN, [], [30, 28, 12], 'Tamil-style boiled soybeans tempered with mustard, curry leaves and coconut.'),
  dish('grilled-tofu-tikka-salad', 'Grilled tofu tikka salad', MAIN, [], [30, 24, 12], 'Tandoori-spiced tofu on greens with onion, cucumber and mint dressing.'),
  // Mains, vegetarian
  dish('paneer-tikka-masala-roti', 'Paneer tikka masala with roti', MAIN, ['dairy'], [32, 44, 20], 'Grilled paneer in tomato masala, with whole-wheat roti.'),
  dish('palak-paneer-rice', 'Palak paneer with rice', MAIN, ['dairy'], [26, 52, 18], 'Paneer in spinach gravy, with steamed rice.'),
  dish('dal-makhani-jeera-rice', 'Dal makhani with jeera rice', MAIN, ['dairy'], [20, 70, 16], 'Slow-cooked black lentils with a little butter and cream, with cumin rice.'),
  dish('paneer-tikka-quinoa-bowl', 'Low-fat paneer tikka quinoa bowl', MAIN, ['dairy'], [38, 40, 12], 'Low-fat paneer tikka over quinoa with peppers and mint yogurt.'),
  dish('kadhi-chawal', 'Kadhi chawal', MAIN, ['dairy'], [16, 70, 12], 'Yogurt and gram-flour curry with pakoras, with steamed rice.'),
  dish('veg-pulao-raita', 'Vegetable pulao with raita', MAIN, ['dairy'], [14, 72, 12], 'Fragrant vegetable rice with cucumber raita.'),
  dish('paneer-bhurji-wrap', 'Paneer bhurji wrap', MAIN, ['dairy'], [30, 40, 16], 'Scrambled paneer with peppers in a whole-wheat wrap.'),
  dish('chickpea-yogurt-salad', 'Chickpea salad with Greek-yogurt dressing', MAIN, ['dairy'], [30, 44, 9], 'Chickpeas, cucumber, tomato and herbs with a Greek-yogurt dressing.'),
  dish('paneer-stuffed-capsicum', 'Paneer-stuffed capsicum with millet roti', MAIN, ['dairy'], [30, 40, 14], 'Capsicum baked with spiced paneer, with bajra roti.'),
  dish('matar-paneer-roti', 'Matar paneer with roti', MAIN, ['dairy'], [24, 50, 16], 'Paneer and peas in onion-tomato gravy, with roti.'),
  dish('honey-chilli-tofu-noodles', 'Honey chilli tofu with noodles', MAIN, ['honey'], [28, 60, 12], 'Crisp tofu in a honey-chilli glaze over stir-fried noodles.'),
  // Mains, non-vegetarian
  dish('chicken-curry-rice', 'Home-style chicken curry with rice', MAIN, ['meat'], [40, 56, 14], 'Chicken on the bone in a home-style onion-tomato curry, with rice.'),
  dish('tandoori-chicken-salad', 'Tandoori chicken salad', MAIN, ['meat', 'dairy'], [44, 18, 12], 'Yogurt-marinated tandoori chicken on greens with lemon.'),
  dish('goan-fish-curry-rice', 'Goan fish curry with rice', MAIN, ['fish'], [34, 56, 14], 'Fish in a tangy coconut-kokum curry, with rice.'),
  dish('grilled-fish-quinoa', 'Grilled fish with quinoa and greens', MAIN, ['fish'], [40, 40, 12], 'Lemon-pepper grilled fish with quinoa and sautéed greens.'),
  dish('egg-curry-roti', 'Egg curry with roti', MAIN, ['egg'], [24, 44, 18], 'Boiled eggs in a spiced onion-tomato curry, with roti.'),
  dish('chicken-biryani-raita', 'Chicken biryani with raita', MAIN, ['meat', 'dairy'], [36, 70, 16], 'Hyderabadi-style chicken biryani with onion raita.'),
  dish('mutton-rogan-josh-rice', 'Mutton rogan josh with rice', MAIN, ['meat'], [36, 54, 22], 'Kashmiri mutton curry with steamed rice.'),
  dish('prawn-masala-roti', 'Prawn masala with roti', MAIN, ['fish'], [34, 44, 12], 'Prawns in a coastal masala, with whole-wheat roti.'),
  dish('chicken-tikka-wrap', 'Chicken tikka wrap', MAIN, ['meat', 'dairy'], [40, 42, 12], 'Chicken tikka with onions and mint yogurt in a whole-wheat wrap.'),
  dish('grilled-chicken-quinoa-bowl', 'Grilled chicken quinoa bowl', MAIN, ['meat'], [44, 46, 12], 'Grilled chicken breast, quinoa, beans and salsa.'),
  dish('salmon-teriyaki-bowl', 'Salmon teriyaki rice bowl', MAIN, ['fish'], [36, 52, 16], 'Teriyaki-glazed salmon with rice, edamame and cucumber.'),
  dish('chicken-shawarma-bowl', 'Chicken shawarma bowl', MAIN, ['meat'], [42, 48, 14], 'Shawarma-spiced chicken with hummus, salad and bulgur.'),
  dish('keema-matar-roti', 'Keema matar with roti', MAIN, ['meat'], [34, 44, 16], 'Lean mutton mince with peas, with whole-wheat roti.'),
  dish('butter-chicken-naan', 'Butter chicken with naan', MAIN, ['meat', 'dairy'], [36, 52, 24], 'Tandoori chicken in a buttery tomato gravy, with naan.'),
  dish('egg-fried-rice', 'Egg fried rice with vegetables', MAIN, ['egg'], [22, 64, 12], 'Wok-fried rice with egg, carrots, beans and spring onion.'),
];

export function findDishByName(name: string): Dish | undefined {
  return DISH_CATALOGUE.find((candidate) => candidate.name === name);
}
