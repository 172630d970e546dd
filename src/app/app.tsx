import { BrowserRouter, useRoutes } from 'react-router-dom';
import { BusyProvider } from '@/components/busy-provider';
import { routes } from './router';
import { SessionProvider } from './session-provider';

/** The screens of the current address. */
function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <SessionProvider>
      <BusyProvider>
        {/* The declarative router: the data router's loaders, actions and blockers went unused, and cost
            every first visit ~15 KB of script (docs/performance.md, "Decisions that hold the budgets"). */}
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </BusyProvider>
    </SessionProvider>
  );
}
