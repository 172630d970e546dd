import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failReadsAt, resetFakeDatabase } from '@/testing/fake-database';
import { renderApp } from '@/testing/render-app';
import { HomeBanner } from './home-banner';
import { RecentPosts } from './recent-posts';
import { SocialLinksWidget } from './social-links-widget';

vi.mock('@/services/database', () => import('@/testing/fake-database'));

const feedEntry = (title: string, createdAt: number) => ({
  uid: `uid-${title}`,
  title,
  day: 3,
  preference: 'veg',
  targetBody: 'Lean',
  displayName: `Author ${title}`,
  photoURL: '',
  cover: '',
  createdAt,
});

beforeEach(() => {
  localStorage.clear();
  resetFakeDatabase({
    website: {
      banner: { val: 'Keto  Vegan Bulk' },
      'social-link': {
        facebook: 'https://facebook.com/challangex',
        twitter: 'javascript:alert(1)',
        linkedin: 'http://linkedin.com/company/challangex',
        github: 'https://github.com/challangex',
        youtube: '',
      },
    },
    feed: Object.fromEntries(
      ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((title, index) => [
        `cid-${title}`,
        feedEntry(title, 1000 + index),
      ]),
    ),
  });
});

describe('HomeBanner', () => {
  it("asks the product's question and lists the stored topic words split on spaces", async () => {
    renderApp(<HomeBanner />);
    expect(
      screen.getByRole('heading', { name: 'Which Challenge Would You Like to Take Today ?' }),
    ).toBeInTheDocument();
    const topics = await screen.findByRole('list', { name: 'Challenge topics' });
    expect(
      within(topics)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Keto', 'Vegan', 'Bulk']);
  });
});

describe('SocialLinksWidget', () => {
  it('renders only the https links of website/social-link', async () => {
    renderApp(<SocialLinksWidget />);
    await screen.findByRole('link', { name: 'Facebook' });
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      'https://facebook.com/challangex',
      'https://github.com/challangex',
    ]);
  });

  it('says so when the links cannot be loaded', async () => {
    failReadsAt('website/social-link');
    renderApp(<SocialLinksWidget />);
    expect(await screen.findByText('Links could not be loaded.')).toBeInTheDocument();
  });
});

describe('RecentPosts', () => {
  it('lists the five newest feed entries, newest first, each linking to its challenge’s own address', async () => {
    renderApp(<RecentPosts />, {
      routes: [
        { path: '/challange/:postName/:ownerId/:challengeId', element: <h1>Challenge screen</h1> },
      ],
    });
    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['G', 'F', 'E', 'D', 'C']);
    expect(screen.getByRole('link', { name: 'F' })).toHaveAttribute(
      'href',
      '/challange/f/uid-F/cid-F',
    );
    await userEvent.click(screen.getByRole('link', { name: 'F' }));
    expect(await screen.findByRole('heading', { name: 'Challenge screen' })).toBeInTheDocument();
  });
});
