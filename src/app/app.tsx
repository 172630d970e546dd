import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { BusyProvider } from '@/components/busy-provider';
import { createAppRouter } from './router';
import { SessionProvider } from './session-provider';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <SessionProvider>
      <BusyProvider>
        <RouterProvider router={router} />
      </BusyProvider>
    </SessionProvider>
  );
}
