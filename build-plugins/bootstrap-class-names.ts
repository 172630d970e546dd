/**
 * The words PurgeCSS reads as class names. Besides each word of a file, it
 * tries the class names react-bootstrap joins at run time from a prefix and
 * a prop value (`btn-${variant}`, `col-${breakpoint}-${span}` …) or a suffix
 * (`${prefix}-inner`, `${prefix}-control-prev` …).
 */

/** The prefixes react-bootstrap composes class names from. */
const COMPOSED_PREFIXES = [
  ...['btn', 'btn-outline', 'alert', 'bg', 'text', 'text-bg', 'border', 'badge', 'table'],
  ...['spinner', 'spinner-border', 'spinner-grow', 'placeholder', 'pagination', 'progress-bar'],
  ...['col', 'row-cols', 'offset', 'order', 'navbar-expand', 'sticky', 'fixed', 'nav'],
  ...['modal', 'modal-dialog', 'modal-fullscreen', 'carousel', 'carousel-item', 'dropdown-menu'],
  ...['list-group', 'list-group-item', 'form', 'form-check', 'form-control', 'form-select'],
  ...['navbar', 'card', 'card-img', 'tab', 'page', 'progress'],
];
const BREAKPOINTS = ['sm', 'md', 'lg', 'xl', 'xxl'];
const prefixes = COMPOSED_PREFIXES.flatMap((prefix) => [
  prefix,
  ...BREAKPOINTS.map((breakpoint) => `${prefix}-${breakpoint}`),
]);

/** react-bootstrap's default variant, which our code never has to write. */
const DEFAULT_VARIANT = 'primary';

const wordsOf = (content: string) => content.match(/[\w-]+/g) ?? [];

/** Each word, plus each prefix joined to each suffix the content holds (`-inner`). For any file. */
export function withComposedSuffixes(content: string): string[] {
  const words = wordsOf(content);
  const suffixes = words.filter((word) => word.startsWith('-'));
  return [...words, ...prefixes.flatMap((prefix) => suffixes.map((suffix) => prefix + suffix))];
}

/** For our TypeScript, also each prefix joined to each word, as a prop value may be (`variant="success"`). */
export function withComposedProps(content: string): string[] {
  const words = [...new Set([DEFAULT_VARIANT, ...wordsOf(content)])];
  return [
    ...withComposedSuffixes(content),
    ...prefixes.flatMap((prefix) => words.map((word) => `${prefix}-${word}`)),
  ];
}
