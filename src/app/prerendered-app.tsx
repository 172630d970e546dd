import { StrictMode } from 'react';
import { StaticRouter, useRoutes } from 'react-router-dom';
import { BusyProvider } from '@/components/busy-provider';
import { routes } from './router';
import { SessionProvider } from './session-provider';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The app as start-app.tsx renders it (app.tsx's App in StrictMode), with the router given the address instead
 * of reading it from the browser: the build renders it in Node (prerender-page.tsx), and hydrateRoot must find
 * exactly this markup.
 */
export function PrerenderedApp({ pathname }: { pathname: string }) {
  return (
    <StrictMode>
      <SessionProvider>
        <BusyProvider>
          <StaticRouter location={pathname}>
            <AppRoutes />
          </StaticRouter>
        </BusyProvider>
      </SessionProvider>
    </StrictMode>
  );
}
