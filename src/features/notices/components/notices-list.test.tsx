import { screen } from '@testing-library/react';
import type { NoticeRecord } from '@domain/challenges/group-records';
import { renderApp } from '@/testing/render-app';
import { NoticesList } from './notices-list';

const cheer: NoticeRecord = {
  kind: 'cheer',
  at: new Date(2026, 10, 29, 9, 18).getTime(),
  fromUid: 'uid-ravi',
  fromName: 'Ravi',
  fromPhotoURL: '',
  ownerId: 'uid-asha',
  challengeId: 'c1',
  title: 'Lean week',
  meal: 'Day1-lunch',
};

describe('NoticesList', () => {
  it("says when each notice came in the app's one format (src/lib/format.ts)", () => {
    renderApp(
      <NoticesList
        notices={{
          status: 'ready',
          value: { notices: [{ key: 'n1', value: cheer }], seenAt: null, newCount: 1 },
        }}
        newSince={null}
      />,
    );
    expect(screen.getByRole('link', { name: /Ravi cheered your/ })).toHaveTextContent(
      '29 Nov 2026, 9:18 AM',
    );
  });
});
