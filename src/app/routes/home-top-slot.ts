import type { ReactNode } from 'react';
import { useOutletContext } from 'react-router-dom';

/**
 * What the layout page hands the feed for a signed-in member: the home's top (the phone's create-challenge
 * entry and the home banner), which follows the member's Today rather than leading the page (docs/product.md,
 * "Today"). Visitors get it above the page from the layout itself.
 */
export interface HomeTopSlot {
  homeTop?: ReactNode;
}

/** The home's top the layout left for the page to place, if any (none outside the layout, e.g. a test). */
export function useHomeTopSlot(): ReactNode {
  return useOutletContext<HomeTopSlot | undefined>()?.homeTop ?? null;
}
