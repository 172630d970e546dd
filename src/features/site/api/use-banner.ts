import { useRead } from '@/hooks/use-loadable';
import { bannerRead } from './prefetch-banner';

/**
 * docs/product.md#what-challangex-is: the banner's topic words are the stored value split on spaces. Kept here,
 * with its only reader, rather than beside the banner's zod schema (src/domain/site/website-records.ts): importing that
 * module put zod's evaluation, ~200 ms at 4× CPU, in the first load of every page (docs/performance.md, "Decisions
 * that hold the budgets").
 */
export function bannerTopics(value: unknown): string[] {
  return typeof value === 'string' ? value.split(' ').filter((word) => word.trim() !== '') : [];
}

/** The home banner's topic words, live from website/banner/val (empty while loading). */
export function useBannerTopics(): string[] {
  const banner = useRead(bannerRead());
  return banner.status === 'ready' ? bannerTopics(banner.value) : [];
}
