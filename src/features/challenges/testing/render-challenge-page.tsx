import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { BusyProvider } from '@/components/busy-provider';
import { SessionContext } from '@/lib/session';
import { memberFixture } from '@/testing/render-app';
import { ChallengePage } from '../components/challenge-page';

/** The page under the app's own route pattern (src/app/router.tsx), opened at `address`. */
export function renderAt(address: string) {
  const router = createMemoryRouter(
    [
      { path: '/challange/:postName/:ownerId?/:challengeId?', element: <ChallengePage /> },
      { path: '/feed', element: <p>feed page</p> },
    ],
    { initialEntries: [address] },
  );
  render(
    <SessionContext.Provider value={{ user: memberFixture }}>
      <BusyProvider>
        <RouterProvider router={router} />
      </BusyProvider>
    </SessionContext.Provider>,
  );
  return { router };
}

/** A meal's card, by its dish ("Breakfast: Poha"). */
export const mealCard = (dish: string) =>
  screen.getByRole('article', { name: new RegExp(`: ${dish}$`) });
export const proofInput = (label: string) =>
  screen.getByLabelText(`Proof photo for ${label}`) as HTMLInputElement;
