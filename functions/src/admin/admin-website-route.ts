import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import { dbPaths } from '@domain/data/database-paths';
import { bannerInputSchema, siteSocialLinksSchema } from '@domain/site/website-records';
import type { BannerResponse, SocialLinksResponse } from '@domain/api/admin';
import { adminIdentity } from '../http/authenticate';
import { auditUpdate } from './admin-audit';
import { parseOrThrow } from '../http/http-error';

export interface WebsiteSettingsDependencies {
  database: Database;
  clock: () => number;
}

/** What the audit log keeps of a change: the new value, cut to a line the log can show. */
const summary = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);

/**
 * POST /api/admin/website/banner {val}: the home banner's topic words, written with its audit entry
 * in one update (the rules let no browser write website/banner).
 */
export function saveBanner({ database, clock }: WebsiteSettingsDependencies): RequestHandler {
  return async (request, response) => {
    const actor = adminIdentity(response);
    const { val } = parseOrThrow(bannerInputSchema, request.body ?? {});
    await database.ref().update({
      [dbPaths.banner]: val,
      ...auditUpdate(database, {
        at: clock(),
        action: 'edit-banner',
        actor,
        target: { uid: '', label: 'Home banner' },
        reason: summary(val),
      }),
    });
    response.json({ val } satisfies BannerResponse);
  };
}

/**
 * POST /api/admin/website/social-links {facebook, twitter, linkedin, github, youtube}: the "Follow
 * ChallangeX" links, each empty or an https link on its own network's site, with their audit entry.
 */
export function saveSiteSocialLinks({
  database,
  clock,
}: WebsiteSettingsDependencies): RequestHandler {
  return async (request, response) => {
    const actor = adminIdentity(response);
    const links = parseOrThrow(siteSocialLinksSchema, request.body ?? {});
    await database.ref().update({
      [dbPaths.socialLinks]: links,
      ...auditUpdate(database, {
        at: clock(),
        action: 'edit-site-links',
        actor,
        target: { uid: '', label: "Site's social links" },
        reason: summary(
          Object.entries(links)
            .filter(([, link]) => link)
            .map(([network, link]) => `${network}: ${link}`)
            .join(', '),
        ),
      }),
    });
    response.json(links satisfies SocialLinksResponse);
  };
}
