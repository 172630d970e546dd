import { screen } from '@testing-library/react';
import { renderApp } from '@/testing/render-app';
import { NotFoundPanel } from './not-found-panel';

it('says the page was not found, in the page and in the tab, and leads back to the feed', () => {
  document.title = 'Leader-board · ChallangeX';
  renderApp(<NotFoundPanel />, { path: '/no-such-page' });
  expect(document.title).toBe('Page not found · ChallangeX');
  expect(screen.getByRole('heading', { name: 'We could not find that page' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to the feed' })).toHaveAttribute('href', '/');
});
